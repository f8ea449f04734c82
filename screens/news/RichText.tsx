import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import sv from '../../schemas/messages/sv.json';
import './news.css';

const t = sv.news;

/**
 * The news body editor (tiptap). It offers only what the server's sanitiser keeps —
 * paragraphs, bold, italic, underline, lists and http(s)/mailto links — so what the writer
 * sees is what is stored.
 */
export function RichText({ id, value, onChange, labelledBy, describedBy }: { id: string; value: string; onChange(html: string): void; labelledBy: string; describedBy?: string }) {
  const editor = useEditor({
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
        class: 'news-editor-area',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  if (!editor) return null;
  const button = (label: string, active: boolean, run: () => void) => (
    <button type="button" className="adm-button adm-button-small" aria-pressed={active} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="news-editor">
      <div role="toolbar" aria-label={t.toolbar} className="news-toolbar">
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
