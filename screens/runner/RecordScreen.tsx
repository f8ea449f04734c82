import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { SafeHtml } from '../shared/SafeHtml';
import { ActionButtons } from './ActionButtons';
import { at, fillText, type BindingContext } from './bindings';
import { formatCell, statusClass } from './format';
import { layoutOf } from './Screen';
import { Failure, Loading, NotFound } from './states';
import { useScreenTitle } from './title';
import type { RecordField, ScreenFile } from './types';
import { useBindingContext } from './useBindingContext';
import { useScreenData, type Data } from './useScreenData';
import './runner.css';

/** What a record needs, from a record screen or a page's record block. */
export type RecordPart = Pick<ScreenFile, 'load' | 'sections' | 'actions' | 'notFound' | 'heading'> & { id?: string; title?: string };

const isData = (v: unknown): v is Data => v !== null && typeof v === 'object' && !Array.isArray(v);
const isWeb = (v: string) => /^https?:\/\//i.test(v);

/** A list of objects as a small table of its `columns` (react-admin's ArrayField + Datagrid). */
function FieldTable({ field, rows }: { field: RecordField; rows: unknown[] }) {
  const columns = field.columns ?? [];
  return (
    <table className="adm-table scr-field-table" aria-label={field.label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.field} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c.field}>{formatCell(at(row, c.field), c.format ?? 'text')}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One field's value by its format (react-admin's field types); nothing for an empty value. */
export function FieldValue({ field, data, ctx }: { field: RecordField; data: Data; ctx: BindingContext }): ReactNode {
  const value = at(data, field.field);
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return sv.screenEngine.empty;
  const text = String(value);
  switch (field.format) {
    case 'html':
      return <SafeHtml className="scr-html" html={text} />;
    case 'email':
      return <a href={`mailto:${text}`}>{text}</a>;
    case 'url':
      return isWeb(text) ? (
        <a href={text} target="_blank" rel="noopener">
          {text}
        </a>
      ) : (
        text
      );
    case 'image':
      return isWeb(text) || text.startsWith('/') ? <img src={text} alt={field.label} className="scr-image" /> : sv.screenEngine.empty;
    case 'label':
      return (Array.isArray(value) ? value : [value]).map((v) => (
        <span key={String(v)} className="scr-label">
          {String(v)}
        </span>
      ));
    case 'link':
      return <Link to={fillText(field.link ?? '', { ...ctx, data }, true)}>{text}</Link>;
    case 'status':
      return <span className={`adm-status adm-status-${statusClass(value)}`}>{text}</span>;
    case 'date':
    case 'datetime':
      return <span className="bk-date">{formatCell(value, field.format)}</span>;
    case 'table':
      return <FieldTable field={field} rows={Array.isArray(value) ? value : [value]} />;
    default:
      return formatCell(value, field.format === 'text' || !field.format ? 'text' : field.format);
  }
}

/**
 * A read-only record (react-admin's Show + SimpleShowLayout): `load` (with `pick`/`find`),
 * the heading from the data, `sections` of labelled fields in their formats, the actions
 * ({data.x} bound), the loading, error and not-found states. `generation` loads it again
 * (a page's block reloaded by another's save). `given` shows a page form's answer instead of loading;
 * `onData` hears each loaded answer (a page hands it to a view block `from` this one).
 */
export function RecordPartView({ part, level = 1, generation = 0, given, onData }: { part: RecordPart; level?: 1 | 2; generation?: number; given?: BindingContext; onData?(data: Data | undefined): void }) {
  const own = useBindingContext();
  const base = useMemo(() => ({ ...own, ...given }), [own, given]);
  const [attempt, setAttempt] = useState(0);
  // `given`: a page's form answered the record (block `from`); nothing to load.
  const loaded = useScreenData(given ? undefined : part.load, base, generation + attempt);
  const data = useMemo(() => (given ? (isData(given.answer) ? given.answer : {}) : loaded.status === 'ready' ? loaded.data : undefined), [given, loaded]);
  const ready = loaded.status === 'ready' ? loaded.data : undefined;
  useEffect(() => {
    // Nothing loaded (yet, or not found after a reload): the page hears that too.
    if (!given) onData?.(ready);
  }, [ready, given, onData]);
  const ctx = useMemo(() => ({ ...base, data }), [base, data]);
  // A heading that fills to nothing (an applicant without a name) falls back to the title.
  const heading = (part.heading && data ? fillText(part.heading, ctx).trim() : '') || (part.title ?? '');
  useScreenTitle(level === 1 && part.heading && data ? heading : undefined);
  const H = level === 1 ? 'h1' : 'h2';
  const H2 = level === 1 ? 'h2' : 'h3';
  return (
    <div className="scr-record">
      {heading && !(loaded.status === 'notFound' && typeof part.notFound === 'object' && part.notFound.heading) && <H>{heading}</H>}
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'error' && <Failure onRetry={() => setAttempt((a) => a + 1)} />}
      {loaded.status === 'notFound' && <NotFound spec={part.notFound} level={level} />}
      {data && (
        <>
          {(part.sections ?? []).map((s, i) => (
            <section key={s.title ?? i} className="scr-record-section" aria-label={s.title}>
              {s.title && <H2>{s.title}</H2>}
              <dl>
                {s.fields.map((f) =>
                  typeof f === 'string' ? null : (
                    <div key={f.field} className="scr-record-row">
                      <dt className={f.labelHidden ? 'adm-visually-hidden' : undefined}>{f.label}</dt>
                      <dd>
                        <FieldValue field={f} data={data} ctx={ctx} />
                      </dd>
                    </div>
                  ),
                )}
              </dl>
            </section>
          ))}
          <ActionButtons actions={part.actions ?? []} ctx={ctx} done={() => setAttempt((a) => a + 1)} />
        </>
      )}
    </div>
  );
}

/** A `record` screen. */
export default function RecordScreen({ screen }: { screen: ScreenFile }) {
  const part = useMemo<RecordPart>(() => ({ ...screen, title: layoutOf(screen) === 'session' ? '' : screen.title }), [screen]);
  return <RecordPartView part={part} />;
}
