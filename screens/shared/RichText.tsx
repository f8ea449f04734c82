import { EditorContent, mergeAttributes, Node, useEditor, useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, type MutableRefObject } from 'react';
import sv from '../../schemas/messages/sv.json';
import { sanitizeHtml } from '../../engine/sanitize';
import './richtext.css';

const t = sv.org;

export interface RichTextProps {
  /** HTML; a value set from outside (a template inserted, a reload) replaces the content. */
  value: string;
  /** Sanitised HTML ('' when empty). */
  onChange(html: string): void;
  /** A visible label above the toolbar; or `labelledBy`, the id of the caller's own label. */
  label?: string;
  labelledBy?: string;
  id?: string;
  describedBy?: string;
  invalid?: boolean;
  /** A text that must be given: the label is marked as the form's other required fields are, and the text box says so. */
  required?: boolean;
  /**
   * The merge-field slot: set to a function that inserts text at the caret and leaves the caret
   * in the text at once, so the next key typed lands after the insertion.
   */
  insertRef?: MutableRefObject<((text: string) => void) | null>;
  onFocus?(): void;
  /**
   * Merge fields (`{key}` in the HTML) shown in the text as named chips ('Förnamn'), one piece
   * each: the value given and the HTML emitted keep the plain `{key}` the server fills.
   */
  mergeFields?: readonly { key: string; label: string }[];
}

/** A merge field in the text: an inline atom that reads as its name and is written as `{key}`. */
const MergeField = Node.create<{ labels: Record<string, string> }>({
  name: 'mergeField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions: () => ({ labels: {} }),
  addAttributes: () => ({ key: { default: '', parseHTML: (el) => el.getAttribute('data-merge') ?? '', renderHTML: (a) => ({ 'data-merge': a.key as string }) } }),
  parseHTML: () => [{ tag: 'span[data-merge]' }],
  renderHTML({ node, HTMLAttributes }) {
    const label = this.options.labels[node.attrs.key as string] ?? String(node.attrs.key);
    // The chip names the field in Swedish; its `{key}` is what is stored, never shown to staff.
    return ['span', mergeAttributes(HTMLAttributes, { class: 'rt-merge', contenteditable: 'false' }), label];
  },
  renderText: ({ node }) => `{${String(node.attrs.key)}}`,
});

const KEY = /\{([a-zA-Z]\w*)\}/g;

/** `{key}` of a known field → its chip element (only in text, never inside a tag or a link's address). */
function toChips(html: string, keys: ReadonlySet<string>): string {
  return html.replace(/(<[^>]*>)|([^<]+)/g, (_m, tag: string | undefined, text: string | undefined) =>
    tag ?? (text ?? '').replace(KEY, (all, key: string) => (keys.has(key) ? `<span data-merge="${key}">${all}</span>` : all)),
  );
}

/** Chip elements → `{key}` again: what is stored and sent. */
function fromChips(html: string): string {
  return html.replace(/<span[^>]*\sdata-merge="([a-zA-Z]\w*)"[^>]*>[^<]*<\/span>/g, '{$1}');
}

/** The editable area's attributes: a labelled multi-line textbox, described by its error when there is one. */
function attributes(id: string, labelId: string, describedBy: string | undefined, invalid: boolean | undefined, required: boolean | undefined): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
    class: 'rt-content',
  };
}

/**
 * The one rich-text editor (the only file that imports tiptap): staff texts (ad text, text
 * templates, company terms) and mail bodies, with the formatting the project's one sanitiser
 * keeps (paragraphs, bold, italic, underline, lists, http(s)/mailto links), so what is typed is
 * what the reader sees.
 */
export function RichText({ value, onChange, label, labelledBy, id, describedBy, invalid, required, insertRef, onFocus, mergeFields }: RichTextProps) {
  const auto = useId();
  // The fields are fixed for the editor's life (the server's list); a change of them is not followed.
  const fields = useRef(mergeFields);
  const keys = useRef(new Set((mergeFields ?? []).map((f) => f.key)));
  const shown = (html: string) => (fields.current ? toChips(sanitizeHtml(html), keys.current) : sanitizeHtml(html));
  const areaId = id ?? auto;
  const labelId = labelledBy ?? `${areaId}-label`;
  const emitted = useRef(value);
  const editor = useEditor({
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      ...(mergeFields ? [MergeField.configure({ labels: Object.fromEntries(mergeFields.map((f) => [f.key, f.label])) })] : []),
    ],
    content: shown(value),
    editorProps: { attributes: attributes(areaId, labelId, describedBy, invalid, required) },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : sanitizeHtml(fromChips(e.getHTML()));
      emitted.current = html;
      onChange(html);
    },
    onFocus: () => onFocus?.(),
  });

  // An error shown or gone after the editor exists (a refused save) reaches its attributes too.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { attributes: attributes(areaId, labelId, describedBy, invalid, required) } });
  }, [editor, areaId, labelId, describedBy, invalid, required]);

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(shown(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!insertRef || !editor) return;
    insertRef.current = (text) => {
      const key = /^\{([a-zA-Z]\w*)\}$/.exec(text)?.[1];
      now(editor, (c) => (key && keys.current.has(key) ? c.insertContent({ type: 'mergeField', attrs: { key } }) : c.insertContent(text)));
    };
    return () => {
      insertRef.current = null;
    };
  }, [editor, insertRef]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? { bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), link: e.isActive('link') }
        : null,
  });

  const button = (name: string, active: boolean | undefined, command: (c: ChainedCommands) => ChainedCommands) => (
    <button type="button" className="bk-btn rt-tool" aria-pressed={!!active} disabled={!editor} onClick={() => editor && now(editor, command)}>
      {name}
    </button>
  );
  const link = () => {
    const href = window.prompt(t.rtLinkPrompt, (editor?.getAttributes('link').href as string | undefined) ?? 'https://');
    if (!editor || href === null || !/^(https?:|mailto:)/i.test(href.trim())) return;
    now(editor, (c) => c.extendMarkRange('link').setLink({ href: href.trim() }));
  };

  return (
    <div className="rt">
      {label !== undefined && !labelledBy && (
        <span id={labelId} className="rt-label">
          {label}
          {required && <span className="required">*</span>}
        </span>
      )}
      <div className="rt-box">
        <div role="toolbar" aria-label={label ? `${t.rtToolbar}: ${label}` : t.rtToolbar} className="rt-toolbar">
          {button(t.rtBold, state?.bold, (c) => c.toggleBold())}
          {button(t.rtItalic, state?.italic, (c) => c.toggleItalic())}
          {button(t.rtUnderline, state?.underline, (c) => c.toggleUnderline())}
          {button(t.rtBullet, state?.bullet, (c) => c.toggleBulletList())}
          {button(t.rtOrdered, state?.ordered, (c) => c.toggleOrderedList())}
          <button type="button" className="bk-btn rt-tool" aria-pressed={!!state?.link} disabled={!editor} onClick={link}>
            {t.rtLink}
          </button>
          {state?.link && button(t.rtUnlink, false, (c) => c.extendMarkRange('link').unsetLink())}
        </div>
        {/* The box keeps the text area's height on its own: tiptap's useEditor destroys the editor it made when its 1 ms
            timer fires before React's effects have run (a busy machine), and draws a new one a frame later. */}
        <EditorContent editor={editor} className="rt-area" />
      </div>
    </div>
  );
}

/**
 * Runs a command with the text focused at once. tiptap's own `focus()` waits a frame, so keys
 * typed right after a toolbar or merge-field click landed on the button instead of the text.
 */
function now(editor: Editor, command: (c: ChainedCommands) => ChainedCommands): void {
  editor.view.focus();
  command(editor.chain()).run();
}
