import { createRoot } from 'react-dom/client';
import { ApplicationForm } from '../../../engine/react';
import type { Answers, FormTemplate } from '../../../engine/types';
import { installHarness } from './harness';
import '../../../widgets/register';

// The public apply page keeps the answers it is told about, so the bench does too.
let latest: Answers = {};
const template = window.__benchTemplate as FormTemplate;
createRoot(document.getElementById('root') as HTMLElement).render(
  <ApplicationForm form={template} mode="entry" onChange={(answers) => (latest = answers)} onSubmit={() => void latest} />,
);
installHarness();
