/**
 * The widgets the apply page loads on demand, as the server (and the tests) draw them: the real
 * widgets in the Suspense boundary of their browser stand-ins (screens/public/on-demand-widgets.browser.ts,
 * which the browser build takes instead of this file: vite.config.ts). Same ids, same order.
 */
import type { WidgetDefinition } from '../engine/react/widget-api';
import { imageBase64Widget } from './imageBase64/ImageUpload';
import { inBoundary } from './lazy';
import { periodCheckboxWidget, periodGroupWidget } from './periodGroup/PeriodGroup';
import { textWithHelpLinkWidget } from './textWithHelpLink/TextWithHelpLink';

export const onDemandWidgets: readonly WidgetDefinition[] = [periodGroupWidget, periodCheckboxWidget, imageBase64Widget, textWithHelpLinkWidget].map(inBoundary);
