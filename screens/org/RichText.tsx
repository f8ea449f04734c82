import { useEffect, useId, useRef } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import sv from '../../schemas/messages/sv.json';
import { sanitizeHtml } from '../../engine/sanitize';
import './org.css';

const t = sv.org;

/** The editable area's attributes: a labelled multi-line textbox, described by its error when there is one. */
function attributes(id: string, labelId: string, describedBy: string | undefined, invalid: boolean | undefined): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'org-rt-content',
  };
}

/**
 * The rich-text editor of staff texts (ad text, text templates, company terms): tiptap with the
 * formatting the project's one sanitiser keeps (paragraphs, bold, italic, underline, lists,
 * links), so what is typed is what applicants see. `onChange` gets sanitised HTML.
 */
export function RichText({ label, value, onChange, id, describedBy, invalid }: {
  label: string;
  value: string;
  onChange(html: string): void;
  id?: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const auto = useId();
  const labelId = `${id ?? auto}-label`;
  const emitted = useRef(value);
  const editor = useEditor({
    immediatelyRender: false,
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
    ],
    content: sanitizeHtml(value),
    editorProps: { attributes: attributes(id ?? auto, labelId, describedBy, invalid) },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : sanitizeHtml(e.getHTML());
      emitted.current = html;
      onChange(html);
    },
  });

  // An error shown or gone after the editor exists (a refused save) reaches its attributes too.
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      if (editor.isInitialized && !editor.isDestroyed) editor.setOptions({ editorProps: { attributes: attributes(id ?? auto, labelId, describedBy, invalid) } });
    };
    apply();
    editor.on('create', apply);
    return () => {
      editor.off('create', apply);
    };
  }, [editor, id, auto, labelId, describedBy, invalid]);

  // A value set from outside (a template inserted, a reload) replaces the content.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? { bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), link: e.isActive('link') }
        : null,
  });

  const button = (name: string, active: boolean | undefined, run: () => void) => (
    <button type="button" className="adm-button adm-button-small" aria-pressed={!!active} disabled={!editor} onClick={run}>
      {name}
    </button>
  );
  const link = () => {
    const href = window.prompt(t.rtLinkPrompt, editor?.getAttributes('link').href ?? 'https://');
    if (!editor || href === null) return;
    if (!/^(https?:|mailto:)/i.test(href.trim())) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div className="org-rt">
      <span id={labelId} className="org-rt-label">
        {label}
      </span>
      <div role="toolbar" aria-label={`${t.rtToolbar}: ${label}`} className="org-rt-toolbar">
        {button(t.rtBold, state?.bold, () => editor?.chain().focus().toggleBold().run())}
        {button(t.rtItalic, state?.italic, () => editor?.chain().focus().toggleItalic().run())}
        {button(t.rtUnderline, state?.underline, () => editor?.chain().focus().toggleUnderline().run())}
        {button(t.rtBullet, state?.bullet, () => editor?.chain().focus().toggleBulletList().run())}
        {button(t.rtOrdered, state?.ordered, () => editor?.chain().focus().toggleOrderedList().run())}
        {button(t.rtLink, state?.link, link)}
        {state?.link && button(t.rtUnlink, false, () => editor?.chain().focus().unsetLink().run())}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
