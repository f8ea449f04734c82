import { EditorContent, useEditor, type ChainedCommands, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, type MutableRefObject } from 'react';
import sv from '../../../schemas/messages/sv.json';
import './mail.css';

const t = sv.mail;

export interface MailBodyEditorProps {
  id: string;
  /** HTML; a change from outside (another template chosen) replaces the content. */
  value: string;
  onChange(html: string): void;
  labelledBy: string;
  describedBy?: string;
  /** Set to a function that inserts text at the cursor (the merge-field buttons use it). */
  insertRef?: MutableRefObject<((text: string) => void) | null>;
  onFocus?(): void;
}

/**
 * The mail body editor (tiptap), offering only what the server's sanitiser keeps
 * (paragraphs, bold, italic, lists, http(s)/mailto links), plus insertion of `{merge}`
 * fields at the cursor.
 */
export function MailBodyEditor({ id, value, onChange, labelledBy, describedBy, insertRef, onFocus }: MailBodyEditorProps) {
  const editor: Editor | null = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'mail-editor-area',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onFocus: () => onFocus?.(),
    immediatelyRender: true,
  });
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (!insertRef || !editor) return;
    insertRef.current = (text) => now(editor, (c) => c.insertContent(text));
    return () => {
      insertRef.current = null;
    };
  }, [editor, insertRef]);
  if (!editor) return null;
  const run = (command: (c: ChainedCommands) => ChainedCommands) => () => now(editor, command);
  const button = (label: string, active: boolean, run: () => void) => (
    <button type="button" className="bk-btn mail-tool" aria-pressed={active} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="mail-editor">
      <div role="toolbar" aria-label={t.toolbar} className="mail-toolbar">
        {button(t.bold, editor.isActive('bold'), run((c) => c.toggleBold()))}
        {button(t.italic, editor.isActive('italic'), run((c) => c.toggleItalic()))}
        {button(t.bulletList, editor.isActive('bulletList'), run((c) => c.toggleBulletList()))}
        {button(t.orderedList, editor.isActive('orderedList'), run((c) => c.toggleOrderedList()))}
        {button(t.link, editor.isActive('link'), () => {
          const href = window.prompt(t.linkPrompt, (editor.getAttributes('link').href as string | undefined) ?? 'https://');
          if (href === null) return;
          if (href.trim() === '') now(editor, (c) => c.unsetLink());
          else if (/^(https?:|mailto:)/i.test(href.trim())) now(editor, (c) => c.setLink({ href: href.trim() }));
        })}
      </div>
      <EditorContent editor={editor} />
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
