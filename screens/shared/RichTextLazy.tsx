import { lazy, Suspense } from 'react';
import sv from '../../schemas/messages/sv.json';
import { loadChunk } from '../chunks';
import type { RichTextProps } from './RichText';
import './richtext.css';

// tiptap is the largest library of the admin app (~120 KB gzip): it loads when an editor is drawn,
// not with the screen that may show one (a mail dialog, a form with a rich-text field).
const Editor = lazy(() => loadChunk('RichText', () => import('./RichText')).then((m) => ({ default: m.RichText })));

/**
 * The rich-text editor (screens/shared/RichText.tsx) loaded on first use. While its code arrives
 * it draws the editor's frame (label, the toolbar's buttons disabled, a text area of the same height) with a polite
 * 'Laddar textredigeraren…', so nothing moves when it comes; a chunk that fails throws to the
 * screen's boundary (its retry state).
 */
export function RichText(props: RichTextProps) {
  return (
    <Suspense fallback={<RichTextWaiting label={props.labelledBy ? undefined : props.label} required={props.required} />}>
      <Editor {...props} />
    </Suspense>
  );
}

// The editor's toolbar buttons, drawn disabled while its code loads: they wrap as the loaded
// toolbar does at any width (one row drawn as a fixed height grew by a row on a phone).
const WAITING_TOOLS = [sv.org.rtBold, sv.org.rtItalic, sv.org.rtUnderline, sv.org.rtBullet, sv.org.rtOrdered, sv.org.rtLink];

/** The editor's frame while its code loads; a caller that still waits for what the editor needs (its merge fields) draws it too. */
export function RichTextWaiting({ label, required }: { label?: string | undefined; required?: boolean | undefined }) {
  return (
    <div className="rt">
      {label !== undefined && (
        <span className="rt-label">
          {label}
          {required && <span className="required">*</span>}
        </span>
      )}
      <div className="rt-box">
        <div className="rt-toolbar" aria-hidden="true">
          {WAITING_TOOLS.map((name) => (
            <button key={name} type="button" className="bk-btn rt-tool" disabled tabIndex={-1}>
              {name}
            </button>
          ))}
        </div>
        <p role="status" className="rt-content rt-waiting">
          {sv.org.rtLoading}
        </p>
      </div>
    </div>
  );
}
