import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/** The engine namespace of the Swedish texts. */
export const t = sv.engine;

/** Fills `{name}` placeholders of a Swedish text (engine/fill.ts, the one filler). */
export { fill } from '../fill';
