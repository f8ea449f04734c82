import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { installHarness } from './harness';

// The peer: plain @rjsf/core <Form> on the very schema our engine compiled, default widgets.
const schema = window.__benchSchema as RJSFSchema;
createRoot(document.getElementById('root') as HTMLElement).render(<Form schema={schema} validator={validator} />);
installHarness();
