import PDFDocument from 'pdfkit';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { answerAsText, choiceLabels, kindOf } from '../../../engine/answer-kinds';
import { formatStockholmDate, formatStockholmDateTime } from '../../../engine/dates';
import type { MetadataProperty } from '../../../engine/types';
import type { ServerDeps } from '../../base/deps';
import { loadContainer } from '../organisations/containers';
import type { ApplicationDoc, PositionFormDoc } from '../core/docs';
import type { EmailLogEntry } from '../mail/email';
import { blobIdsOf, collectPerson, HOLDERS, type Found, type Person } from './personal';
import { fill } from '../../../engine/fill';
import { escapeRegex } from '../../store';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import { prepareText, writeText } from '../exports/pdf-text';
import { readsForPerson } from './read-log';

const t = sv.gdpr;
const date = (s: unknown) => (typeof s === 'number' ? formatStockholmDate(s) : '');

/** create_userExport's answer: the JSON of every stored document of the person, the readable PDF (base64), counts. */
export type UserExport = ActionAnswer['create_userExport'];

/**
 * Everything stored about a person in one organisation (create_userExport): the documents of
 * every declared holder (server/domain/gdpr.ts) as they are stored, their files' bytes, and
 * names for the ids (positions, labels); plus a PDF that a person can read.
 */
export async function exportPerson(deps: ServerDeps, containerId: number, p: Person): Promise<UserExport> {
  const c = await loadContainer(deps.store, containerId);
  const found = await collectPerson(deps, containerId, p);
  const apps = (found.find((f) => f.holder.collection === 'applications')?.docs ?? []) as ApplicationDoc[];
  const positions = await deps.store
    .collection<{ id: number; name: string }>('positions')
    .find({ id: { $in: [...new Set(apps.map((a) => a.positionId))] } }, { projection: { id: 1, name: 1 } });
  const positionName = new Map(positions.map((x) => [x.id, x.name]));
  const labelName = new Map((c.labels ?? []).map((l) => [l.id, l.name]));
  const files = [];
  for (const id of blobIdsOf(found)) {
    const blob = await deps.blobs.get(id);
    if (blob) files.push({ url: id, filename: blob.filename, contentType: blob.contentType, base64: Buffer.from(blob.data).toString('base64') });
  }
  const forms = new Map<string, MetadataProperty[]>();
  for (const a of apps) {
    const key = `${a.positionId}:${a.formVersion}`;
    if (!forms.has(key)) {
      const f = await deps.store.collection<PositionFormDoc>('positionForms').findOne({ positionId: a.positionId, version: a.formVersion });
      forms.set(key, f?.metadata ?? []);
    }
  }
  const now = deps.now();
  // Who read the person's data (read-log.ts): by role and organisation, when and what kind — no staff names or ids.
  const orgName = c.displayName ?? c.name;
  const reads = readsForPerson(found.find((f) => f.holder.collection === 'readLog')?.docs ?? [], orgName);
  const shown = found.map((f) => (f.holder.collection === 'readLog' ? { ...f, docs: reads } : f));
  const json = {
    exportedAt: now,
    organisation: { id: c.id, name: c.name, displayName: c.displayName ?? c.name },
    person: { emails: p.emails, personnummer: p.knownSsns },
    names: {
      positions: Object.fromEntries(positionName),
      labels: Object.fromEntries(labelName),
    },
    collections: Object.fromEntries(shown.map((f) => [f.holder.collection, f.docs])),
    reads,
    files,
    mails: mailsOf(apps, found),
  };
  const counts = Object.fromEntries(found.map((f) => [f.holder.collection, f.docs.length]));
  counts.files = files.length;
  const pdf = await renderPdf(c.displayName ?? c.name, now, p, shown, { positionName, labelName, forms });
  return { filename: `registerutdrag-${c.name}-${date(now)}`, json, pdf: pdf.toString('base64'), counts };
}

/**
 * Whether a kept copy's subject is the logged one: the log keeps the template with the person's
 * merge fields as placeholders (email.ts loggedMail), so each `{field}` stands for any text.
 */
function sameMail(logged: string, sent: string | undefined): boolean {
  if (sent === undefined) return false;
  // Spaces beside a field may be gone: the sent subject is trimmed after filling ('Tack Anna ' → 'Tack Anna').
  const pattern = logged.split(/\{\w+\}/).map((part) => escapeRegex(part.trim())).join('.*');
  return new RegExp(`^${pattern}$`, 's').test(sent);
}

/**
 * Every mail about the person's applications, from the applications' logs (sent or failed,
 * a failed one with its text) and whether the outbox still keeps a copy of it.
 */
function mailsOf(apps: ApplicationDoc[], found: Found[]) {
  const copies = (found.find((f) => f.holder.outbox)?.docs ?? []) as { applicationId?: number; subject?: string; copy?: string }[];
  return apps.flatMap((a) =>
    (a.logs ?? [])
      .filter((l): l is EmailLogEntry => l.what === 'email')
      .map((l) => ({
        applicationId: a.id,
        at: l.at,
        subject: l.subject,
        ok: l.ok,
        ...(l.by ? { by: l.by } : {}),
        ...(l.body ? { body: l.body } : {}),
        keptCopies: copies.filter((c) => c.applicationId === a.id && sameMail(l.subject, c.subject)).map((c) => c.copy),
      })),
  );
}

interface Names {
  positionName: Map<number, string>;
  labelName: Map<number, string>;
  forms: Map<string, MetadataProperty[]>;
}

const text = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return v ? t.yes : t.no;
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' && 'filename' in x ? String((x as { filename: unknown }).filename) : text(x))).join(', ');
  if (typeof v === 'object' && 'checked' in (v as object)) {
    const o = v as { startDate?: string; endDate?: string; checked?: boolean };
    return `${o.startDate ?? ''}–${o.endDate ?? ''}: ${o.checked ? t.yes : t.no}`;
  }
  if (typeof v === 'object' && 'score' in (v as object)) {
    // A scorecard's score of one criterion (scorecards.ts).
    const o = v as { name?: string; score?: number; comment?: string };
    return `${o.name ?? ''}: ${o.score ?? ''}${o.comment ? ` – ${o.comment}` : ''}`;
  }
  return JSON.stringify(v);
};

async function renderPdf(organisation: string, now: number, p: Person, found: Found[], names: Names): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t.pdfTitle } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((res, rej) => {
    doc.on('end', () => res(Buffer.concat(chunks)));
    doc.on('error', rej);
  });
  // What to draw is listed first, so that the fonts its text needs (any script: pdf-text.ts) are
  // loaded before anything is drawn.
  const draws: (() => void)[] = [];
  const texts: { text: string; bold: boolean }[] = [];
  const put = (text: string, bold: boolean, size: number, options: { continued?: boolean; down?: number } = {}) => {
    texts.push({ text, bold });
    draws.push(() => {
      if (options.down !== undefined) doc.moveDown(options.down);
      writeText(doc.fontSize(size), text, { bold, continued: options.continued });
    });
  };
  const h = (s: string, size = 13) => put(s, true, size, { down: 0.6 });
  const line = (k: string, v: unknown) => {
    put(`${k}: `, true, 10, { continued: true });
    put(text(v), false, 10);
  };

  put(t.pdfTitle, true, 18);
  draws.push(() => doc.moveDown(0.5));
  line(t.organisation, organisation);
  line(t.made, date(now));
  line(t.emails, p.emails.join(', '));
  line(t.personnummer, p.knownSsns.join(', '));
  put(t.pdfIntro, false, 10, { down: 1 });
  const interviews = new Map((found.find((f) => f.holder.collection === 'interviews')?.docs ?? []).map((i) => [Number(i.id), i as { start?: unknown }]));
  for (const { holder, docs } of found) {
    if (!docs.length) continue;
    h(`${(t.holders as Record<string, string>)[holder.collection] ?? holder.collection} (${docs.length})`, 14);
    for (const d of docs) {
      if (holder.collection === 'applications') {
        const a = d as ApplicationDoc;
        h(`${names.positionName.get(a.positionId) ?? `#${a.positionId}`} – ${date(a.created)}`, 12);
        line(t.status, [a.interestLabelId, a.processLabelId].map((id) => (id ? names.labelName.get(id) : '')).filter(Boolean).join(', '));
        for (const [k, v] of Object.entries(a.info ?? {})) line((t.info as Record<string, string>)[k] ?? k, v);
        const form = names.forms.get(`${a.positionId}:${a.formVersion}`) ?? [];
        const labelOf = (f: MetadataProperty) => (f.label ?? f.key).replace(/<[^>]*>/g, '');
        const byKey = new Map(form.map((f) => [f.key, f]));
        put(t.answers, true, 10, { down: 0.3 });
        for (const [k, v] of Object.entries(a.metadata ?? {})) {
          // A field of the form: its answer as every export shows it; an answer of no known field as it was stored.
          const f = byKey.get(k);
          line(f ? labelOf(f) : k, f ? answerAsText(kindOf(f.type), v, choiceLabels(f, byKey, labelOf)) : v);
        }
        if (a.files?.length) line(t.files, a.files.map((f) => f.filename).join(', '));
        for (const n of a.notes ?? []) line(`${t.note} ${date(n.created)} (${n.author})`, n.note);
        for (const l of a.logs ?? []) line(`${t.log} ${date(l.at)}`, `${l.text}${l.by ? ` (${l.by})` : ''}`);
      } else if (holder.collection === 'readLog') {
        const r = d as ReturnType<typeof readsForPerson>[number];
        const rl = sv.privacy.readLog;
        const who = r.throughApiKey ? fill(rl.gdprLineApiKey, { organisation: r.organisation }) : fill(rl.gdprLine, { role: (rl.roles as Record<string, string>)[r.role] ?? r.role, organisation: r.organisation });
        line(date(r.at), `${who} – ${(rl.kinds as Record<string, string>)[r.kind] ?? r.kind}`);
      } else if (holder.collection === 'references') {
        // A reference (references/): the referee, then each answer by its field's label, as the applicant page shows it.
        const r = d as { referee: { name: string; email: string; phone?: string; relation?: string }; form: { metadata: MetadataProperty[] }; answers?: Record<string, unknown>; created: number };
        draws.push(() => doc.moveDown(0.3));
        line(t.date, date(r.created));
        line(t.fields.referee, [r.referee.name, r.referee.relation, r.referee.email, r.referee.phone].filter(Boolean).join(', '));
        const byKey = new Map(r.form.metadata.map((f) => [f.key, f]));
        const labelOf = (f: MetadataProperty) => (f.label ?? f.key).replace(/<[^>]*>/g, '');
        for (const [k, v] of Object.entries(r.answers ?? {})) {
          const f = byKey.get(k);
          line(f ? labelOf(f) : k, f ? answerAsText(kindOf(f.type), v, choiceLabels(f, byKey, labelOf)) : v);
        }
      } else {
        draws.push(() => doc.moveDown(0.3));
        const created = d.created ?? d.timestamp;
        if (typeof created === 'number') line(t.date, date(created));
        const overall = sv.scorecards.panel as Record<string, string>;
        // An interview's scorecard says which interview it rates (its booked time; an unbooked one by name only).
        if (holder.collection === 'scorecards' && typeof d.interviewId === 'number' && d.interviewId > 0) {
          const interview = interviews.get(d.interviewId);
          line(t.fields.interview, typeof interview?.start === 'number' ? formatStockholmDateTime(interview.start) : t.fields.interviewUnbooked);
        }
        for (const k of holder.pii) if (k in d) line((t.fields as Record<string, string>)[k] ?? k, k === 'overall' ? (overall[String(d[k])] ?? d[k]) : d[k]);
      }
    }
  }
  const declared = HOLDERS.map((x) => (t.holders as Record<string, string>)[x.collection] ?? x.collection).join(', ');
  put(fill(t.pdfFooter, { holders: declared }), false, 8, { down: 1 });
  await prepareText(texts);
  for (const draw of draws) draw();
  doc.end();
  return done;
}
