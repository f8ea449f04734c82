/**
 * The browser's half of widgets/on-demand.ts: stand-ins whose code is fetched the first time a
 * form draws such a field (summer periods, image upload, text with a help link), so the apply
 * page of a form without them never loads it. Here, not in widgets/, because it loads through
 * the app's chunk loader (screens/chunks.ts: 120 s timeout, a named Swedish load error). tests/unit/widgets/on-demand.test.tsx checks
 * each stand-in against the real widget.
 */
import type { WidgetDefinition } from '../../engine/react/widget-api';
import { loadChunk } from '../chunks';
import { onDemandContainer, onDemandField } from '../../widgets/lazy';

const period = () => loadChunk('PeriodGroup', () => import('../../widgets/periodGroup/PeriodGroup'));

export const onDemandWidgets: readonly WidgetDefinition[] = [
  onDemandContainer('periodGroup', async () => (await period()).periodGroupWidget),
  onDemandField('periodCheckbox', 'self', true, async () => (await period()).periodCheckboxWidget),
  onDemandField('imageBase64', 'label', true, async () => (await loadChunk('ImageUpload', () => import('../../widgets/imageBase64/ImageUpload'))).imageBase64Widget),
  onDemandField('textWithHelpLink', 'label', false, async () => (await loadChunk('TextWithHelpLink', () => import('../../widgets/textWithHelpLink/TextWithHelpLink'))).textWithHelpLinkWidget),
];
