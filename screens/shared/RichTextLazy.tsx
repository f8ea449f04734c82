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
 * it draws the editor's frame (label, toolbar row, text area of the same height) with a polite
 * 'Laddar textredigeraren…', so nothing moves when it comes; a chunk that fails throws to the
 * screen's boundary (its retry state).
 */
export function RichText(props: RichTextProps) {
  return (
    <Suspense fallback={<Waiting label={props.labelledBy ? undefined : props.label} required={props.required} />}>
      <Editor {...props} />
    </Suspense>
  );
}

function Waiting({ label, required }: { label: string | undefined; required: boolean | undefined }) {
  return (
    <div className="rt">
      {label !== undefined && (
        <span className="rt-label">
          {label}
          {required && <span className="required">*</span>}
        </span>
      )}
      <div className="rt-box">
        <div className="rt-toolbar rt-toolbar-waiting" />
        <p role="status" className="rt-content rt-waiting">
          {sv.org.rtLoading}
        </p>
      </div>
    </div>
  );
}
