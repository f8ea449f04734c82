import { useId, useRef, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import type { BindingContext } from '../bindings';
import type { ScreenAction } from '../types';

const t = sv.screenVerbs;
/** The spec's upload limit (spec document 2: 5,000,000 bytes, 'Filen är för stor'). */
const MAX_UPLOAD_BYTES = 5_000_000;

/** A file's name without its extensions ('sommarjobb.schema.json' → 'sommarjobb'); a name that is only extensions stays whole. */
const fileStem = (name: string) => name.replace(/(?<=.)\..*$/s, '') || name;

/** What a picked file binds as: {file.name}, {file.stem}, {file.type}, {file.size}, and {file.text} or {file.dataUrl}. */
async function fileContext(file: File, read: 'text' | 'dataUrl'): Promise<Record<string, unknown>> {
  const content = await new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read'));
    if (read === 'text') r.readAsText(file);
    else r.readAsDataURL(file);
  });
  return { name: file.name, stem: fileStem(file.name), type: file.type, size: file.size, [read]: content };
}

/**
 * The upload verb: the action's button is a labelled file input (a keyboard user tabs to it
 * and presses Space, a test sets its files); a file over the limit is refused with the spec's
 * message before anything is sent; otherwise the action runs with the file bound as {file.x}.
 * The server's refusal stays under the input as an alert.
 */
export function UploadButton({ action, ctx, run }: { action: ScreenAction; ctx: BindingContext; run(a: ScreenAction, ctx: BindingContext, onError: (message: string) => void): Promise<boolean> }) {
  const spec = action.upload ?? {};
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  async function chosen(file: File | undefined) {
    if (!file) return;
    setError('');
    try {
      if (file.size > (spec.maxBytes ?? MAX_UPLOAD_BYTES)) return setError(t.fileTooLarge);
      setBusy(true);
      await run(action, { ...ctx, file: await fileContext(file, spec.read ?? 'text') }, setError);
    } catch {
      setError(sv.screens.error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <div className="scr-upload">
      <label htmlFor={id}>{action.label}</label>
      <input id={id} ref={input} type="file" accept={spec.accept} disabled={busy} aria-describedby={spec.help ? `${id}-help` : undefined} onChange={(e) => void chosen(e.target.files?.[0])} />
      {spec.help && (
        <p id={`${id}-help`} className="adm-hint">
          {spec.help}
        </p>
      )}
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
    </div>
  );
}
