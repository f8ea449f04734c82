import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';

// The peer of the apply-page benchmark: the position's form as the JSON Schema our engine
// compiles it to, rendered by plain @rjsf/core <Form> with its default widgets and validator.
declare global {
  interface Window {
    __benchSchema?: unknown;
  }
}

const schema = window.__benchSchema as RJSFSchema;
createRoot(document.getElementById('root') as HTMLElement).render(
  <main>
    <h1>Ansökan</h1>
    <Form schema={schema} validator={validator} />
  </main>,
);
