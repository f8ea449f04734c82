import type { BuilderCatalog } from '../../../../engine/builder/types';

const GROUPS: Record<string, string> = { group: 'checkbox', radioGroup: 'radio', periodGroup: 'periodCheckbox' };
const TYPES = ['text', 'textarea', 'email', 'file', 'textWithHelpLink', 'checkbox', 'radio', 'radioGroup', 'group', 'periodCheckbox', 'periodGroup', 'imageBase64'];

/** A catalogue with the spec's twelve types, independent of the schema files. */
export const catalog: BuilderCatalog = {
  has: (t) => TYPES.includes(t),
  isGroup: (t) => t in GROUPS,
  childType: (t) => GROUPS[t],
  keyPrefix: (t) => `form_${t}_`,
  defaults: (t, ctx) => {
    if (t === 'periodCheckbox') return { label: `Period ${ctx.index}`, data: { startDate: ctx.today, endDate: ctx.today } };
    if (t === 'checkbox' || t === 'radio') return { label: `Alternativ ${ctx.index}` };
    return { label: `Nytt ${t}` };
  },
};

export const ctx = { today: '2026-06-01' };
