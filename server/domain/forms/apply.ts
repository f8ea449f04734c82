import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { carriesFiles, fixedKeyOf, specialFieldKey } from '../../../engine/answer-kinds';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError } from '../../store/port';
import { prepareFiles, removeFiles, storeFiles } from '../applicants/attachments';
import { defaultLabel, loadContainer } from '../organisations/containers';
import type { ApplicationDoc, ContainerDoc, PositionDoc, StoredFile } from '../core/docs';
import type { MetadataProperty } from '../../../engine/types';
import { positionForm, positionValidator } from './forms';
import { ensureDomainIndexes } from '../core/indexes';
import { removeApplications } from '../gdpr/removal';
import { prepareConfirmation, sendStoredConfirmation } from '../mail/confirmation';
import { joinFromApply } from '../gdpr/talent-pool';
import { applicantInfo } from '../applicants/info';
import { cachedRead, stampOf } from '../core/read-cache';
import { announce, prepareNotification, type PreparedNotification } from '../notifications/notify';
import { insertTogether } from '../../store/together';
import { applicationData, kickWorker, prepareDeliveries } from '../webhooks/outbox';
import { anonymityOf, anonymousName, isAnonymous } from '../screening/screening';
import { closedReason } from '../positions/status';
import { isValidEmail } from '../../../engine/email';
import { visibleAnswers } from '../../../engine/conditions';
import { BIRTH_DATE_KEY, NO_SSN_KEY } from '../../../engine/ssn-mode';
import { fill } from '../../../engine/fill';
import { hasLinkText, withoutLinkText } from '../../../engine/link-text';
import { sourceOf } from '../analysis/source';

export interface ApplyInput {
  email: string;
  /** The numeric id the public call returned (internal positions too), or an internal position's linkId. */
  positionId: number | string;
  metadata: Record<string, unknown>;
  /** Size of the request body, checked against what this position's form can need (applyBodyLimit). */
  bodyBytes?: number;
  /** The separate talent-pool choice was ticked (gdpr/talent-pool.ts): a consent of its own. */
  talentPool?: boolean;
  /** The shared link's `?källa=` / `utm_source` tag (engine/source-tag.ts); an invalid one is dropped. */
  source?: string;
}

/** Files per answer (engine: 'Du kan bifoga högst 10 filer.') and bytes per file, base64 in JSON. */
const FILES_PER_FIELD = 10;
const FILE_BYTES_IN_JSON = Math.ceil((5_000_000 * 4) / 3) + 1024;

/**
 * The largest body an application to this position can need: its form's answers (generous
 * per field) plus its file fields' attachments, each counted at 5,000,000 bytes.
 */
function applyBodyLimit(position: Pick<PositionDoc, 'metadata'>): number {
  const fields = position.metadata.length;
  const fileFields = position.metadata.filter((p) => carriesFiles(p.type)).length;
  return 64 * 1024 + fields * 16 * 1024 + fileFields * FILES_PER_FIELD * FILE_BYTES_IN_JSON;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The position to apply to, without its ad text, and its form from the per-version cache
 * (positionForm): decoding a 200-field form and an ad on every application was most of the
 * apply path's store time.
 */
async function findPosition(deps: ServerDeps, id: number | string): Promise<PositionDoc> {
  return cachedRead(deps.store, `apply-position:${typeof id}:${id}`, ['positions', 'positionForms'], () => readPosition(deps, id));
}

async function readPosition(deps: ServerDeps, id: number | string): Promise<PositionDoc> {
  const positions = deps.store.collection<PositionDoc>('positions');
  const projection = { metadata: 0, text: 0 } as const;
  const filter = typeof id === 'number' ? { id } : UUID.test(id) ? { linkId: id.toLowerCase() } : null;
  const p = filter ? await positions.findOne(filter, { projection }) : null;
  if (!p || p.deleting) throw errors.notFound();
  const metadata = (await positionForm(deps.store, p.id, p.formVersion)) ?? (await positions.findOne({ id: p.id }, { projection: { metadata: 1 } }))?.metadata;
  if (!metadata) throw errors.notFound();
  return { ...p, metadata };
}

/** The name fields of a form: the special keys, or a field of the name types (engine/applicant.ts). */
const NAME_KEYS = new Set(['form_firstname', 'form_surname']);
const isNameField = (p: MetadataProperty) => NAME_KEYS.has(p.key) || NAME_KEYS.has(fixedKeyOf(p.type) ?? '');

/**
 * A name that holds a link (`https://…`, `www.…`, `evil.se/x`) is refused: a real name never
 * holds a domain, and a name is what mails and notifications carry (engine/link-text.ts).
 */
function refuseLinkInName(metadata: readonly MetadataProperty[], answers: Record<string, unknown>): void {
  const bad = metadata.filter((p) => isNameField(p) && typeof answers[p.key] === 'string' && hasLinkText(answers[p.key] as string));
  if (bad.length) throw errors.invalid(bad.map((p) => ({ key: p.key, validator: 'noLink', message: sv.domain.nameHasLink })));
}

/**
 * The address an application is tied to, judged after the form (so a missing E-post answer is
 * refused by the form's own rule first): refused at the form's E-post field, which the page
 * shows and focuses ('email' only when the form has none).
 */
function refuseBadEmail(metadata: readonly MetadataProperty[], email: string): void {
  if (isValidEmail(email)) return;
  const key = specialFieldKey(metadata, 'form_email') ?? 'email';
  const message = email === '' ? sv.engine.fieldRequired : sv.domain.invalidEmail;
  throw errors.invalid([{ key, validator: email === '' ? 'required' : 'validEmail', message }]);
}

/**
 * The public apply flow. Order matters for "complete or absent": validate everything first
 * (answers with the engine, then every attachment), then store the attachments, then insert
 * the application. The unique (positionId, email) index decides between two simultaneous
 * applications; the loser's attachments are removed again before its 409 goes out.
 */
export async function apply(
  deps: ServerDeps,
  input: ApplyInput,
  /** Staff registering an application by hand (create_jobApplication through the dispatcher): who, for the log. */
  staff?: { by: string; actor?: number },
): Promise<{ id: number; firstname: string }> {
  await ensureDomainIndexes(deps.store);
  const email = input.email.trim().toLowerCase();
  // Where the store says when positions change (embedded), an unchanged generation after the
  // insert proves what the re-read below would: no delete has marked the position since.
  const positionsSeen = stampOf(deps.store, ['positions']);
  const position = await findPosition(deps, input.positionId);
  if (input.bodyBytes !== undefined && input.bodyBytes > applyBodyLimit(position)) throw errors.tooLarge();
  const now = deps.now();
  // Staff may register a late paper application; the public may not apply to a closed position.
  const reason = staff ? null : closedReason(position, now);
  if (reason) throw errors.positionClosed(reason);
  const container = await cachedRead(deps.store, `apply-container:${position.containerId}`, ['containers'], () => loadContainer(deps.store, position.containerId));

  // Only the form's own keys are kept: anything else in the body is not part of the answer.
  const given: Record<string, unknown> = {};
  for (const prop of position.metadata) {
    if (Object.hasOwn(input.metadata, prop.key)) given[prop.key] = input.metadata[prop.key];
  }
  const form = positionValidator(position, container.messages);
  // A field hidden by its condition has no answer: one sent anyway is dropped, never stored.
  const answers = visibleAnswers(form.uiSchema['ui:options'].layout, given);
  const result = form.validate(answers);
  if (!result.valid) throw errors.invalid(result.errors);
  // 'Jag har inget svenskt personnummer' (engine/ssn-mode.ts): a personnummer, or the box and a birth date.
  // Judged from the form as saved (its own mode or the organisation's put the box there).
  if (position.metadata.some((p) => p.key === NO_SSN_KEY) && !String(answers.form_ssn ?? '').trim() && !String(answers[BIRTH_DATE_KEY] ?? '').trim()) {
    throw errors.invalid([{ key: 'form_ssn', validator: 'required', message: sv.privacy.birthDateOrSsn }], sv.privacy.birthDateOrSsn);
  }
  refuseBadEmail(position.metadata, email);
  refuseLinkInName(position.metadata, answers);
  const files = prepareFiles(position.metadata, answers);
  if (files.errors.length) throw errors.invalid(files.errors);

  const apps = deps.store.collection<ApplicationDoc>('applications');
  // With attachments, a known duplicate is refused before any blob is written; without, the
  // unique index alone decides (one read less on the hot path).
  if (files.blobs.length && (await apps.findOne({ positionId: position.id, email }, { projection: { id: 1 } }))) {
    throw errors.duplicateApplication();
  }

  const id = await deps.store.nextSequence('applications');
  const stored: StoredFile[] = await storeFiles(deps.blobs, id, files.blobs);
  const info = applicantInfo(position.metadata, answers, email);
  const source = sourceOf(position.metadata, answers, input.source);
  const doc: ApplicationDoc = {
    id,
    containerId: container.id,
    positionId: position.id,
    email,
    created: now,
    metadata: answers,
    formVersion: position.formVersion,
    info,
    interestLabelId: defaultLabel(container, 'Interest')?.id ?? null,
    processLabelId: defaultLabel(container, 'Process')?.id ?? null,
    notes: [],
    notesCount: 0,
    logs: [
      staff
        ? { at: now, what: 'created', by: staff.by, text: sv.applicants.server.logRegistered }
        : { at: now, what: 'created', text: sv.domain.logCreated },
    ],
    files: stored,
    ...(source ? { source } : {}),
  };
  // The notification of the new application is stored in the same commit as the application
  // (the embedded store: one write, one fsync; on Mongo right after it, as before).
  const notification = await newApplicationNotification(deps, { container, position, doc, name: info.name, actor: staff?.actor });
  // So are the webhook deliveries of application.created (domain/webhooks/outbox.ts).
  const deliveries = await prepareDeliveries(deps, { containerId: container.id, type: 'application.created', subject: `application:${id}`, data: applicationData(doc) });
  // And the confirmation's log entry and 'Se din ansökan' link (mail/confirmation.ts): the mail
  // goes out after the answer, and only a mail that does not go out writes the application again.
  // Staff registering an application cannot consent for the applicant.
  const confirmation = await prepareConfirmation(deps, doc, position, container, input.talentPool === true && !staff);
  if (confirmation) {
    doc.logs.push(confirmation.entry);
    doc.info = { ...info, emailNotificationSent: confirmation.entry.at };
  }
  try {
    await insertTogether(deps.store, [
      { collection: 'applications', doc },
      ...(notification ? [{ collection: 'notifications', doc: notification.doc }] : []),
      ...deliveries,
      ...(confirmation ? [confirmation.link] : []),
    ]);
  } catch (err) {
    await removeFiles(deps.blobs, stored);
    if (err instanceof DuplicateKeyError) throw errors.duplicateApplication();
    throw err;
  }
  if (deliveries.length) kickWorker(deps.store);
  if (notification) {
    // The push and the recipients' mails: a failure there is only logged.
    await announce(deps, notification).catch((err: unknown) => deps.log.error('notification failed', { positionId: position.id, error: (err as Error).name }));
  }
  // Apply and delete must not race: a position deleted while this application was on its way
  // takes the application and its notification with it. Re-read after both are written;
  // deletePosition marks the position before it sweeps applications and notifications, so
  // either this read sees the mark, or the sweep sees both documents. (Read before the
  // notification, a delete could sweep in between and leave the notification behind: CI saw
  // 3 of 40 on the Mongo store.)
  const unchanged = positionsSeen !== null && stampOf(deps.store, ['positions']) === positionsSeen;
  const still = unchanged ? position : await deps.store.collection<PositionDoc>('positions').findOne({ id: position.id }, { projection: { id: 1, deleting: 1 } });
  if (!still || still.deleting) {
    // The one removal path (removal.ts): files, notification, mail copies go with it.
    await removeApplications(deps, [doc]);
    await removeFiles(deps.blobs, stored);
    throw errors.notFound();
  }
  // The confirmation mail goes out after the answer: a slow or failing mail server never
  // delays or fails an application (sendStoredConfirmation logs the outcome and never throws).
  if (input.talentPool === true && !staff) await joinFromApply(deps, doc, container);
  if (confirmation) void sendStoredConfirmation(deps, doc, container, confirmation);
  return { id, firstname: info.firstname };
}

/**
 * The notification of a new application, named by first and last name; never by the e-mail (a
 * form without name fields: 'En sökande'), and as the list names them while the position's
 * anonymous mode hides who they are. Null (logged) when it cannot be made: a lost notification
 * must not turn an application into an error.
 */
async function newApplicationNotification(
  deps: ServerDeps,
  a: { container: ContainerDoc; position: PositionDoc; doc: ApplicationDoc; name: string; actor: number | undefined },
): Promise<PreparedNotification | null> {
  const { container, position, doc } = a;
  const name = isAnonymous(container, anonymityOf(position), doc.processLabelId) ? anonymousName(doc.id) : withoutLinkText(a.name) || sv.hiringDay.unnamedApplicant;
  try {
    return await prepareNotification(
      deps,
      container.id,
      'create_jobApplication',
      sv.domain.notificationNewTitle,
      fill(sv.domain.notificationNewMessage, { name, position: position.name }),
      { positionId: position.id, id: doc.id },
      a.actor,
    );
  } catch (err) {
    deps.log.error('notification failed', { positionId: position.id, error: (err as Error).name });
    return null;
  }
}
