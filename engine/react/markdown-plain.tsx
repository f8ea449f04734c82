import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` in the browser build (vite.config.ts aliases it here).
 * @rjsf/core imports its `Markdown` statically, but renders it only for
 * `ui:enableMarkdownInDescription` / `ui:enableMarkdownInHelp` (Blankett never sets them:
 * labels are plain text or sanitised HTML, see Html.tsx), for RJSF's own FileWidget (every
 * Blankett field renders through EngineField) and for RJSF's config-error texts. Those texts
 * are shown here as plain text, which keeps ~84 KB of parser out of the apply page.
 */
export function Markdown({ children, options: _options, ...rest }: { children?: ReactNode; options?: unknown; [attribute: string]: unknown }) {
  return <span {...rest}>{children}</span>;
}

export default Markdown;
