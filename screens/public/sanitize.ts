/**
 * Organisation-written HTML (position texts, terms) is sanitised before it is rendered, by the
 * engine's one DOMPurify adapter (engine/react/Html.tsx) so the whole front end shares one policy.
 */
import { sanitizeHtml as engineSanitize } from '../../engine/react/Html';

export function sanitizeHtml(html: string | undefined): string {
  return html ? engineSanitize(html) : '';
}
