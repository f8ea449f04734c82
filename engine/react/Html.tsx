/** Staff-written HTML in labels and messages, made safe by the form engine's sanitiser. */
import type { ElementType } from 'react';
import { useFormEngine } from './context';

interface TextOrHtmlProps {
  text: string;
  isHtml?: boolean;
  as?: ElementType;
  id?: string;
  className?: string;
}

/**
 * Renders `text` as HTML through the engine's `sanitizeHtml` when `isHtml` (engine/sanitize.ts
 * where forms compile in the browser; server-sanitised HTML as it is on the public page,
 * precompiledEngine.ts), otherwise as plain text.
 */
export function TextOrHtml({ text, isHtml, as: Tag = 'span', id, className }: TextOrHtmlProps) {
  const engine = useFormEngine();
  if (!isHtml) return <Tag id={id} className={className}>{text}</Tag>;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: engine.sanitizeHtml(text) }} />;
}
