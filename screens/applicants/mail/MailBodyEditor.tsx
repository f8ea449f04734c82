import { EditorContent, useEditor, type Editor } from '@tiptap/react';
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
    insertRef.current = (text) => editor.chain().focus().insertContent(text).run();
    return () => {
      insertRef.current = null;
    };
  }, [editor, insertRef]);
  if (!editor) return null;
  const button = (label: string, active: boolean, run: () => void) => (
    <button type="button" className="bk-btn mail-tool" aria-pressed={active} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="mail-editor">
      <div role="toolbar" aria-label={t.toolbar} className="mail-toolbar">
        {button(t.bold, editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
        {button(t.italic, editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run())}
        {button(t.bulletList, editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run())}
        {button(t.orderedList, editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run())}
        {button(t.link, editor.isActive('link'), () => {
          const href = window.prompt(t.linkPrompt, (editor.getAttributes('link').href as string | undefined) ?? 'https://');
          if (href === null) return;
          if (href.trim() === '') editor.chain().focus().unsetLink().run();
          else if (/^(https?:|mailto:)/i.test(href.trim())) editor.chain().focus().setLink({ href: href.trim() }).run();
        })}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
