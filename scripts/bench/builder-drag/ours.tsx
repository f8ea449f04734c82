import { createRoot } from 'react-dom/client';
import { FormBuilder } from '../../../engine/react/builder';
import type { MetadataProperty } from '../../../engine/types';
import { installHarness } from './harness';
import '../../../widgets/register';

const n = window.__benchCount ?? 200;
const metadata: MetadataProperty[] = Array.from({ length: n }, (_, i) => ({
  key: `form_text_${1000 + i}`, type: 'text', label: `Fält ${i + 1}`, order: i, validators: [],
}));

// The builder as staff use it, live preview included.
createRoot(document.getElementById('root') as HTMLElement).render(<FormBuilder initial={{ metadata }} today="2026-06-01"/>);
// The drop is shown when the preview's fields stand in the list's order.
window.__benchDropped = () => {
  const keys = (sel: string) => [...document.querySelectorAll<HTMLElement>(sel)].map((e) => e.dataset.key).join(' ');
  return keys('.bld-preview [data-key]') === keys('.bld-list > li[data-key]');
};
installHarness();
