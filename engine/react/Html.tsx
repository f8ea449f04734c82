/** Staff-written HTML in labels and messages, rendered through the engine's one sanitiser. */
import type { ElementType } from 'react';
import { sanitizeHtml } from '../sanitize';

interface TextOrHtmlProps {
  text: string;
  isHtml?: boolean;
  as?: ElementType;
  id?: string;
  className?: string;
}

/** Renders `text` as sanitised HTML when `isHtml`, otherwise as plain text. */
export function TextOrHtml({ text, isHtml, as: Tag = 'span', id, className }: TextOrHtmlProps) {
  if (!isHtml) return <Tag id={id} className={className}>{text}</Tag>;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />;
}
