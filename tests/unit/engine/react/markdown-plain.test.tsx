import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import template from '../../../../schemas/templates/default-application.json' with { type: 'json' };
import form200 from '../../../fixtures/form-200.json' with { type: 'json' };
import { compileTemplate, type FormTemplate } from '../../../../engine/index';
import { Markdown } from '../../../../engine/react/markdown-plain';

// The browser build aliases markdown-to-jsx/react to this adapter (vite.config.ts); that is
// only right while no form turns RJSF's markdown on.
describe('the plain-text Markdown adapter', () => {
  it('renders markdown as the literal text, never as markup', () => {
    const { container } = render(<Markdown options={{ disableParsingRawHTML: true }} data-testid="md">{'**fet** <b>x</b>'}</Markdown>);
    expect(container.innerHTML).toBe('<span data-testid="md">**fet** &lt;b&gt;x&lt;/b&gt;</span>');
  });

  it('is never needed: compiled forms do not enable RJSF markdown', () => {
    for (const t of [template, form200] as FormTemplate[]) {
      const { uiSchema } = compileTemplate(t);
      expect(JSON.stringify(uiSchema)).not.toMatch(/enableMarkdown/);
    }
  });
});
