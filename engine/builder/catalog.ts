import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { FieldTypeDefinition } from '../definitions';
import type { BuilderCatalog, NewFieldContext } from './types';
import { keyPrefix } from './keys';
import { fill } from '../fill';
import { sourceKindOf } from '../conditions';

/** What a new child gets: an option label, or a period of one day starting today. */
function childDefaults(def: FieldTypeDefinition, ctx: NewFieldContext) {
  const needsPeriod = JSON.stringify(def.data).includes('startDate');
  if (needsPeriod) {
    return { label: fill(sv.builder.newPeriod, { n: String(ctx.index) }), data: { startDate: ctx.today, endDate: ctx.today } };
  }
  return { label: fill(sv.builder.newOption, { n: String(ctx.index) }) };
}

/**
 * The builder's view of the engine's field-type registry. Everything comes from the type
 * declarations (schemas/field-types/*.json), so a type added later as a schema file can be
 * added, edited and grouped without builder changes.
 */
export function builderCatalog(fieldTypes: ReadonlyMap<string, FieldTypeDefinition>): BuilderCatalog {
  return {
    has: (type) => fieldTypes.has(type),
    isGroup: (type) => fieldTypes.get(type)?.groupLike === true,
    childType: (type) => fieldTypes.get(type)?.childTypes?.[0],
    keyPrefix: (type) => fieldTypes.get(type)?.keyPrefix || keyPrefix(type),
    fixedKey: (type) => fieldTypes.get(type)?.fixedKey,
    defaults: (type, ctx) => {
      const def = fieldTypes.get(type);
      if (!def) return {};
      if (def.childOnly) return childDefaults(def, ctx);
      // A person field starts with its natural required-ness: E-post always, a name by default (issue 26).
      return def.requiredness ? { label: def.title, required: true } : { label: def.title };
    },
    conditionTraits: (type) => {
      const def = fieldTypes.get(type);
      if (!def) return { kind: null, canHide: false, canRequire: false };
      return { kind: sourceKindOf(def), canHide: (def.answer !== null || def.groupLike) && def.requiredness !== 'always', canRequire: def.requiredValidator !== undefined };
    },
  };
}

/** The spec's form-builder item kinds first (document 1 §3), then every other type by title. */
const FIRST = ['text', 'textarea', 'email', 'group', 'radioGroup'];

/** The types staff may add at the top of a form (children are added inside their group). */
export function addableTypes(fieldTypes: ReadonlyMap<string, FieldTypeDefinition>): FieldTypeDefinition[] {
  const rank = (d: FieldTypeDefinition) => (FIRST.includes(d.name) ? FIRST.indexOf(d.name) : FIRST.length);
  return [...fieldTypes.values()].filter((d) => !d.childOnly).sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title, 'sv'));
}
