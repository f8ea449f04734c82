import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { compileTemplate, defaultRegistry } from '../../../engine/index';
import { exportForm, type ExportedForm } from '../../../engine/export-schema';
import { fill } from '../../../engine/fill';
import { blankettMetadata, comparable, ImportError, metadataFromPlainSchema, scanSchema } from '../../../engine/import-schema';
import type { MetadataProperty } from '../../../engine/types';
import { AGE_KEYWORD, MAX_BYTES_KEYWORD, REQUIRED_KEYWORD } from '../../../engine/validator-runtime';
import type { ServerDeps } from '../../base/deps';
import { errors, HttpError } from '../../errors';
import type { AssetDoc, ContainerDoc } from '../core/docs';
import { checkForm } from './forms';
import { encodeTemplate, ensureFolder, listTemplates, saveTemplate, TEMPLATES_FOLDER, type PositionTemplate } from '../templates/templates';

/**
 * Forms as standard JSON Schema and back (issue 18 item 4): the export behind GET
 * /api/public/positions/{id}/schema and get_formTemplateSchema, and the import of such a
 * file into a new form template (import_formTemplateSchema).
 */

const m = sv.formImport;

/** What a Blankett keyword left in an exported schema checks: its validator's own description. */
function describeKeyword(keyword: string): string {
  if (keyword === MAX_BYTES_KEYWORD) return 'the decoded size in bytes of a base64 data URL is at most the number given';
  if (keyword === AGE_KEYWORD) {
    return 'the age in whole years today (Europe/Stockholm) of the person with this personnummer is at least min / at most max; it moves with the calendar, which no standard keyword can say, and is used only inside `if`: a validator that ignores it reads the condition as "a personnummer is given", so the rules it guards apply to everyone (stricter than Blankett, never looser)';
  }
  const def = defaultRegistry().validators.get(keyword.slice(2));
  return (def?.description ?? keyword).replace(/\s+/g, ' ').slice(0, 400);
}

/** Blankett's own keywords (the rest must be JSON Schema's). */
function isBlankettKeyword(keyword: string): boolean {
  if (keyword === REQUIRED_KEYWORD || keyword === MAX_BYTES_KEYWORD || keyword === AGE_KEYWORD) return true;
  return keyword.startsWith('x-') && defaultRegistry().validators.has(keyword.slice(2));
}

/** A form as `{ schema, uiSchema }`; with the template's fields in the uiSchema when `withSource`. */
export function exportMetadata(metadata: MetadataProperty[], identity: { key: string; version?: number }, withSource = true): ExportedForm {
  const compiled = compileTemplate({ metadata, key: identity.key, version: identity.version });
  return exportForm(compiled, describeKeyword, withSource ? metadata : undefined);
}

/** get_formTemplateSchema: a stored form template (an asset of the PositionTemplates folder). */
export async function exportTemplate(deps: Pick<ServerDeps, 'store'>, containerId: number, id: number): Promise<ExportedForm> {
  const asset = (await listTemplates(deps.store, containerId)).find((t) => t.asset.id === id);
  if (!asset) throw errors.notFound(sv.domain.templateNotFound);
  // Not cached under the template's key: the asset's revision is the version that counts.
  return exportMetadata(asset.template.metadata, { key: `template-export:${containerId}:${id}`, version: asset.asset.revision });
}

function refuse(message: string, path = '/file'): never {
  throw errors.invalid([{ path, message }], message);
}

/** The engine's refusal of a form: one Swedish sentence per field it refuses, at that field. */
function checked(metadata: MetadataProperty[]): void {
  const at = '/file/uiSchema/ui:blankett/metadata';
  try {
    checkForm(metadata, at);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const index = new Map(metadata.map((p, i) => [p.key, i]));
    const details = (Array.isArray(err.details) ? err.details : []).map((d) => {
      const i = d.key === undefined ? undefined : index.get(d.key);
      const reason = `${d.key ? `${d.key}: ` : ''}${d.problem ?? d.message}`.slice(0, 300);
      return { path: i === undefined ? (d.path?.startsWith('/') ? d.path : at) : `${at}/${i}`, ...(d.key ? { key: d.key } : {}), ...(d.code ? { code: d.code } : {}), message: fill(m.invalidForm, { reason }) };
    });
    if (details.length === 0) refuse(fill(m.invalidForm, { reason: '' }).trim(), at);
    throw errors.invalid(details, details[0]!.message);
  }
}

/** The fields a file stands for, or a Swedish refusal; nothing is read from the store. */
function readImportFile(file: string): MetadataProperty[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file);
  } catch {
    refuse(m.notJson);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) refuse(m.notSchema);
  const wrapper = parsed as Record<string, unknown>;
  // `{ schema, uiSchema }` as exported, or a bare schema.
  const schema = 'schema' in wrapper ? wrapper.schema : wrapper;
  try {
    scanSchema(schema, isBlankettKeyword);
    const source = blankettMetadata(wrapper.uiSchema);
    if (source === null) {
      const metadata = metadataFromPlainSchema(schema as Record<string, unknown>);
      checked(metadata);
      return metadata;
    }
    checked(source);
    // The schema must be what Blankett writes for these fields: an edited schema would
    // otherwise be imported as something other than it says.
    const again = exportMetadata(source, { key: 'import-check' }, false);
    if (comparable(again.schema) !== comparable(schema)) refuse(m.mismatch, '/file/schema');
    return source;
  } catch (err) {
    if (err instanceof ImportError) refuse(err.message, `/file${err.path}`);
    throw err;
  }
}

/** A template key free in the container, from the name. */
function freeKey(name: string, taken: Set<string>): string {
  const base = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'import';
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base}-${i}`;
  return key;
}

/**
 * import_formTemplateSchema: the file's fields as a new template, stored once every check has
 * passed (one insert, through saveTemplate), so a refused file leaves nothing behind.
 */
export async function importTemplate(deps: ServerDeps, container: ContainerDoc, input: { name: string; file: string }, author: string): Promise<AssetDoc> {
  const metadata = readImportFile(input.file);
  const name = input.name.trim();
  const existing = await listTemplates(deps.store, container.id);
  const template: PositionTemplate = {
    key: freeKey(name, new Set(existing.map((t) => t.template.key))),
    name,
    availableInPositionTypes: [],
    metadata,
  };
  const folder = await ensureFolder(deps.store, container.id, TEMPLATES_FOLDER);
  return saveTemplate(deps, container, folder, { folderId: folder.id, containerId: container.id, data: encodeTemplate(template), name }, author);
}


