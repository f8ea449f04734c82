import { looksLikePersonnummer, maskPersonnummer } from '../../../engine/personnummer';
import { isShielded } from './protected-identity';
import type { Reader } from '../gdpr/read-log';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { carriesFiles, isContactKey } from '../../../engine/answer-kinds';
import { visibleAnswers } from '../../../engine/conditions';
import type { FieldError, MetadataProperty } from '../../../engine/types';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { applicantView } from './applicants';
import { MAX_FILES_PER_FIELD, prepareFiles, removeFiles, storeFiles } from './attachments';
import { loadContainer } from '../organisations/containers';
import type { ApplicationDoc, LogEntry, PositionDoc, StoredFile } from '../core/docs';
import { positionForm, positionValidator } from '../forms/forms';
import { applicantInfo } from './info';

const m = sv.applicants.server;

/** The form version the application answered; the position's own copy only when it is that version. */
async function answeredForm(deps: ServerDeps, a: ApplicationDoc) {
  const position = await deps.store
    .collection<PositionDoc>('positions')
    .findOne({ id: a.positionId }, { projection: { id: 1, start: 1, formVersion: 1 } });
  if (!position) throw errors.notFound();
  let metadata = await positionForm(deps.store, a.positionId, a.formVersion);
  if (!metadata && position.formVersion === a.formVersion) {
    metadata = (await deps.store.collection<PositionDoc>('positions').findOne({ id: a.positionId }, { projection: { metadata: 1 } }))?.metadata ?? null;
  }
  if (!metadata) throw errors.conflict(m.formGone);
  return { metadata, start: position.start };
}

interface FileField {
  key: string;
  /** The submitted list: a stored file kept (by reference) or a new upload (index into the uploads). */
  items: ({ kept: StoredFile } | { upload: number })[];
}

/**
 * Splits each file answer into files kept as stored (a `url` of this application's files for
 * that field: the stored name and type win over what the client sent) and new uploads (data
 * URLs). A url the application does not hold for that field is refused: an edit can never
 * point an answer at another application's blob.
 */
function splitFiles(form: MetadataProperty[], answers: Record<string, unknown>, stored: StoredFile[]) {
  const problems: FieldError[] = [];
  const fields: FileField[] = [];
  const uploads: Record<string, unknown> = {};
  for (const prop of form) {
    const value = answers[prop.key];
    const files = carriesFiles(prop.type);
    if (files === 'one') {
      if (value !== undefined && value !== null && value !== '') uploads[prop.key] = value;
      continue;
    }
    if (files !== 'list' || !Array.isArray(value)) continue;
    const field: FileField = { key: prop.key, items: [] };
    const fresh: unknown[] = [];
    for (const item of value as { url?: unknown }[]) {
      if (item && typeof item === 'object' && typeof item.url === 'string') {
        const kept = stored.find((f) => f.key === prop.key && f.url === item.url);
        if (!kept) problems.push({ key: prop.key, validator: 'fileType', message: m.fileGone });
        else if (!field.items.some((i) => 'kept' in i && i.kept.url === kept.url)) field.items.push({ kept });
      } else {
        field.items.push({ upload: fresh.length });
        fresh.push(item);
      }
    }
    if (field.items.length > MAX_FILES_PER_FIELD) problems.push({ key: prop.key, validator: 'fileCount', message: sv.domain.tooManyFiles });
    if (fresh.length) uploads[prop.key] = fresh;
    fields.push(field);
  }
  return { problems, fields, uploads };
}

/**
 * update_jobApplicant: replaces an application's answers after the same checks as apply
 * (engine validation against the answered form version, attachments decoded and sniffed),
 * recomputes its info and logs who changed it. Complete or absent: new files are stored
 * before the one write and removed again if it does not happen; files the answer no longer
 * lists are deleted only after it. The write is conditional on the application's edit
 * revision, so of two simultaneous edits the later gets 409 and leaves nothing behind.
 */
export async function editAnswers(
  deps: ServerDeps,
  by: string,
  a: ApplicationDoc,
  sent: Record<string, unknown>,
  reader?: Reader,
) {
  // What the caller was shown comes back as it was stored: a masked personnummer, and contact answers hidden by a protected identity.
  const input = unmasked(a, sent, reader?.role);
  const [container, form] = await Promise.all([loadContainer(deps.store, a.containerId), answeredForm(deps, a)]);
  const given: Record<string, unknown> = {};
  for (const prop of form.metadata) {
    if (Object.hasOwn(input, prop.key)) given[prop.key] = input[prop.key];
  }
  const compiled = positionValidator({ id: a.positionId, formVersion: a.formVersion, start: form.start, metadata: form.metadata }, container.messages);
  // As on apply: an answer to a field its condition hides is dropped (engine/conditions.ts).
  const answers = { ...visibleAnswers(compiled.uiSchema['ui:options'].layout, given) };
  const result = compiled.validate(answers);
  if (!result.valid) throw errors.invalid(result.errors);
  const files = a.files ?? [];
  const split = splitFiles(form.metadata, answers, files);
  if (split.problems.length) throw errors.invalid(split.problems);
  const prepared = prepareFiles(form.metadata, split.uploads);
  if (prepared.errors.length) throw errors.invalid(prepared.errors);

  const added = await storeFiles(deps.blobs, a.id, prepared.blobs);
  const keptFiles: StoredFile[] = [];
  for (const field of split.fields) {
    const fresh = (split.uploads[field.key] ?? []) as { filename: string; type: string; url: string }[];
    answers[field.key] = field.items.map((i) => {
      if ('upload' in i) return fresh[i.upload];
      keptFiles.push(i.kept);
      return { filename: i.kept.filename, type: i.kept.type, url: i.kept.url };
    });
  }
  const removed = files.filter((f) => !keptFiles.includes(f));

  const log: LogEntry = { at: deps.now(), what: 'edited', by, text: m.logEdited };
  const revision = typeof a.revision === 'number' ? a.revision : undefined;
  let updated: ApplicationDoc | null;
  try {
    updated = await deps.store.collection<ApplicationDoc>('applications').updateOne(
      { id: a.id, revision: revision ?? { $exists: false } },
      {
        $set: { metadata: answers, info: applicantInfo(form.metadata, answers, a.email), files: [...keptFiles, ...added] },
        $inc: { revision: 1 },
        $push: { logs: log },
      },
    );
  } catch (err) {
    await removeFiles(deps.blobs, added);
    throw err;
  }
  if (!updated) {
    await removeFiles(deps.blobs, added);
    const still = await deps.store.collection<ApplicationDoc>('applications').findOne({ id: a.id }, { projection: { id: 1 } });
    throw still ? errors.conflict(m.editConflict) : errors.notFound(sv.applicants.applicant.missing);
  }
  await removeFiles(deps.blobs, removed);
  return applicantView(deps, updated, undefined, reader);
}

/**
 * The edit as meant: an answer sent back masked ('19900101-XXXX', personnummer-view.ts) keeps
 * the stored personnummer it stands for, and a caller who was not shown a protected
 * applicant's contact answers (protected-identity.ts) keeps them by leaving them out.
 */
function unmasked(a: ApplicationDoc, sent: Record<string, unknown>, level: string | undefined): Record<string, unknown> {
  const out = { ...sent };
  for (const [k, v] of Object.entries(a.metadata ?? {})) {
    if (looksLikePersonnummer(v) && out[k] === maskPersonnummer(v)) out[k] = v;
    if (isShielded(a, level) && isContactKey(k) && !Object.hasOwn(sent, k)) out[k] = v;
  }
  return out;
}
