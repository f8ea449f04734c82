import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { GetFormTemplatesAnswer } from '../../../schemas/generated/actions';
import type { Store } from '../../store/port';
import { isReferenceForm, listTemplates, type PositionTemplate } from './templates';

const t = sv.admin.templates;

/** One form template as /admin/form-templates lists it: get_formTemplates' generated answer row. */
type TemplateRow = GetFormTemplatesAnswer[number];

/** The position types a template is offered for, as one text: 'Tillsvidare (standard), Sommarjobb'. */
function typesText(template: PositionTemplate): string {
  if (isReferenceForm(template)) return sv.references.template.reference;
  const chosen = (template.availableInPositionTypes ?? []).filter((a) => a.included);
  if (chosen.length === 0) return t.noTypesChosen;
  return chosen
    .map((a) => {
      const name = a.positionTypeName || String(a.positionTypeId);
      return a.default ? `${name} (${t.defaultShort})` : name;
    })
    .join(', ');
}

/** Every form template of a container, decoded for a list (none when it has no templates folder yet). */
export async function templateRows(store: Store, containerId: number): Promise<TemplateRow[]> {
  return (await listTemplates(store, containerId)).map(({ asset, template }) => ({
    id: asset.id,
    folderId: asset.folderId,
    key: template.key,
    name: template.name,
    description: template.description ?? '',
    types: typesText(template),
    fields: Array.isArray(template.metadata) ? template.metadata.length : 0,
  }));
}
