/** The forms of the screen files, and a plain form with every rule the light form knows, for the light form's tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Form { where: string; schema?: unknown; uiSchema?: unknown; sections?: unknown; readonlyFrom?: unknown }
const dir = join(import.meta.dirname, '../../../../schemas/screens');
const screens = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Form & { id: string; kind: string; blocks?: (Form & { kind: string; id?: string })[] });
const forms: Form[] = screens.flatMap((s) => [...(s.kind === 'form' ? [{ ...s, where: s.id }] : []), ...(s.blocks ?? []).filter((b) => b.kind === 'form').map((b) => ({ ...b, where: `${s.id}#${b.id ?? ''}` }))]);
export const byName = (where: string) => forms.find((f) => f.where === where)!;

/** A plain form with every rule the light form knows: required, lengths, a pattern with its words, e-mail, a repeat, a checkbox. */
export const plain: Form = {
  where: 'plain',
  schema: {
    type: 'object',
    required: ['name', 'agree'],
    properties: {
      name: { type: 'string', title: 'Namn', maxLength: 5 },
      code: { type: 'string', title: 'Kod', minLength: 3, pattern: '^[a-z]*$' },
      email: { type: 'string', title: 'E-post', minLength: 1, maxLength: 30, 'x-validEmail': {} },
      again: { type: 'string', title: 'Igen' },
      agree: { type: 'boolean', title: 'Jag godkänner' },
    },
    if: { properties: { agree: { const: true } }, required: ['agree'] },
    then: { required: ['reason'], properties: { reason: { type: 'string', title: 'Varför', maxLength: 4 } } },
  },
  uiSchema: {
    code: { 'ui:options': { patternMessage: 'Bara a–z', messages: { minLength: 'Minst tre' } } },
    again: { 'ui:widget': 'secret', 'ui:options': { sameAs: 'email' } },
    agree: { 'ui:widget': 'checkbox' },
  },
};
