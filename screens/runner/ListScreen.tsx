import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useSession } from './session/session';
import { canOpen } from './access';
import { at, fillText, type BindingContext } from './bindings';
import { compareCells, formatCell, statusClass } from './format';
import { ListFilters } from './ListFilters';
import { layoutOf } from './Screen';
import { Failure, Loading } from './states';
import type { ScreenAction, ScreenColumn, ScreenFile } from './types';
import { useBindingContext } from './useBindingContext';
import { useRows, type Row } from './useRows';
import { useRunAction } from './useRunAction';
import { ListImage } from './ListImage';
import { UploadButton } from './verbs/UploadButton';
import './runner.css';
import { fill } from '../../engine/fill';

const t = sv.screens;

/** A row condition (`when` of a row action, `linkWhen` of a column); none holds for every row. */
function holds(row: Row, cond: ScreenAction['when']): boolean {
  if (!cond) return true;
  const v = at(row, cond.field);
  if ('equals' in cond && v !== cond.equals) return false;
  if ('notEquals' in cond && v === cond.notEquals) return false;
  return true;
}

/** A row's address outside the app (`href`), in a new tab; anything but http(s) is not linked. */
function ExternalLink({ href, label, text }: { href: string; label: string; text: string }) {
  if (!/^https?:\/\//i.test(href)) return null;
  return (
    <a href={href} target="_blank" rel="noopener" aria-label={label}>
      {text}
    </a>
  );
}

function visible(a: ScreenAction, rights: ReturnType<typeof useSession>['rights'], row?: Row): boolean {
  if (a.access && !canOpen(a.access, rights)) return false;
  return !row || holds(row, a.when);
}

function Cell({ column, row, ctx, alt }: { column: ScreenColumn; row: Row; ctx: BindingContext; alt: string }) {
  const value = at(row, column.field);
  if (column.format === 'image') return <ListImage src={value} alt={alt} />;
  const text = formatCell(value, column.format);
  // No value, no markup: the cell stays :empty, so a phone's card leaves out its bare label ('Hävd:' of a hold not lifted).
  if (text === '') return null;
  const content =
    column.format === 'status' ? <span className={`adm-status adm-status-${statusClass(value)}`}>{text}</span> : column.format === 'date' || column.format === 'datetime' ? <span className="bk-date">{text}</span> : text;
  return column.link && holds(row, column.linkWhen) ? <Link to={fillText(column.link, { ...ctx, row }, true)}>{content}</Link> : <>{content}</>;
}

/**
 * A `list` screen (docs/screens.md): columns, links, page/row/bulk actions, selection, key
 * paging (the next batch loads when the end of the table scrolls into view, or with the
 * 'Visa fler' button), filters, client-side sort when the list is not paged, and the
 * loading, empty and error states. At phone width the rows are cards (runner.css).
 */
export function ListBody({ screen, headless = false, generation = 0 }: { screen: ScreenFile; headless?: boolean; generation?: number }) {
  const base = useBindingContext();
  const { rights, handleError } = useSession();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const ctx = useMemo(() => ({ ...base, filter }), [base, filter]);
  const onError = useCallback((err: unknown) => void handleError(err), [handleError]);
  const list = useRows(screen.load ?? { action: '' }, ctx, onError);
  const [sort, setSort] = useState(screen.sort ? { field: screen.sort.field, direction: screen.sort.direction ?? 'asc' } : null);
  const [selected, setSelected] = useState<ReadonlySet<unknown>>(new Set());
  const { run, dialog } = useRunAction(list.reload);
  const paged = !!screen.load?.next;
  const columns = screen.columns ?? [];
  const rowActions = screen.rowActions ?? [];
  const label = (row: Row) => fillText(screen.rowLabel ?? `{row.${columns[0]?.field ?? 'id'}}`, { ...ctx, row });

  const rows = useMemo(() => {
    if (paged || !sort) return list.rows;
    const sign = sort.direction === 'desc' ? -1 : 1;
    return [...list.rows].sort((a, b) => sign * compareCells(at(a, sort.field), at(b, sort.field)));
  }, [list.rows, sort, paged]);

  useEffect(() => setSelected(new Set()), [list.rows]);
  // A page's block: another block's save reloads it.
  const { reload } = list;
  useEffect(() => {
    if (generation > 0) reload();
  }, [generation, reload]);

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, loadMore } = list;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '300px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loadingMore, loadMore, rows.length]);

  const ids = rows.map((r) => r.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: unknown) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const selectionCtx = { ...ctx, selection: { ids: [...selected] } };
  const pageActions = (screen.actions ?? []).filter((a) => visible(a, rights));
  const bulk = (screen.bulkActions ?? []).filter((a) => visible(a, rights));
  const hasRowActions = rowActions.some((a) => visible(a, rights));

  return (
    <>
      <div className="adm-page-head">
        {!headless && layoutOf(screen) !== 'session' && <h1>{screen.title}</h1>}
        {pageActions.map((a) =>
          a.upload ? (
            <UploadButton key={a.label} action={a} ctx={ctx} run={run} />
          ) : a.action ? (
            <button key={a.label} type="button" className="adm-button adm-button-primary" onClick={() => void run(a, ctx)}>
              {a.label}
            </button>
          ) : (
            <Link key={a.label} to={fillText(a.to ?? '/admin', ctx, true)} className="adm-button adm-button-primary">
              {a.label}
            </Link>
          ),
        )}
      </div>
      {screen.filters && <ListFilters schema={screen.filters.schema as { properties?: Record<string, { type?: string }> }} onChange={setFilter} />}
      {screen.select && bulk.length > 0 && selected.size > 0 && (
        <div className="scr-bulk" role="toolbar" aria-label={fill(t.selected, { count: String(selected.size) })}>
          <span>{fill(t.selected, { count: String(selected.size) })}</span>
          {bulk.map((a) => (
            <button key={a.label} type="button" className="adm-button" onClick={() => void run(a, selectionCtx)}>
              {a.label}
            </button>
          ))}
        </div>
      )}
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <Failure onRetry={list.reload} />}
      {list.status === 'ready' && rows.length === 0 && <p className="scr-empty">{screen.empty ?? ''}</p>}
      {list.status === 'ready' && rows.length > 0 && (
        <div className="adm-table-wrap">
          <table className="adm-table scr-table">
            <caption className="adm-visually-hidden">{screen.title}</caption>
            <thead>
              <tr>
                {screen.select && (
                  <th scope="col" className="scr-select">
                    <input type="checkbox" aria-label={t.selectAll} checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(ids))} />
                  </th>
                )}
                {columns.map((c) => {
                  const dir = sort?.field === c.field ? sort.direction : undefined;
                  return (
                    <th key={c.field} scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : c.sortable && !paged ? 'none' : undefined}>
                      {c.sortable && !paged ? (
                        <button
                          type="button"
                          className="scr-sort"
                          onClick={() => setSort({ field: c.field, direction: dir === 'asc' ? 'desc' : 'asc' })}
                        >
                          {c.label}
                          <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
                {hasRowActions && <th scope="col">{t.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const name = label(row);
                const rctx = { ...ctx, row };
                return (
                  <tr key={String(row.id ?? i)}>
                    {screen.select && (
                      <td className="scr-select">
                        <input type="checkbox" aria-label={fill(t.selectRow, { label: name })} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                      </td>
                    )}
                    {columns.map((c, ci) =>
                      ci === 0 ? (
                        <th key={c.field} scope="row" data-label={c.label}>
                          <Cell column={c} row={row} ctx={ctx} alt={label(row)} />
                        </th>
                      ) : (
                        <td key={c.field} data-label={c.label}>
                          <Cell column={c} row={row} ctx={ctx} alt={label(row)} />
                        </td>
                      ),
                    )}
                    {hasRowActions && (
                      <td className="adm-actions" data-label={t.actions}>
                        {rowActions
                          .filter((a) => visible(a, rights, row))
                          .map((a) =>
                            a.action || a.session ? (
                              <button key={a.label} type="button" className="adm-button adm-button-small" aria-label={`${a.label} ${name}`} onClick={() => void run(a, rctx)}>
                                {a.label}
                              </button>
                            ) : a.href ? (
                              <ExternalLink key={a.label} href={fillText(a.href, rctx)} label={`${a.label} ${name}`} text={a.label} />
                            ) : (
                              <Link key={a.label} to={fillText(a.to ?? '', rctx, true)} aria-label={`${a.label} ${name}`}>
                                {a.label}
                              </Link>
                            ),
                          )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {list.status === 'ready' && paged && (
        <div ref={sentinel} className="scr-more">
          {loadingMore && <Loading />}
          {list.moreFailed && <Failure onRetry={loadMore} />}
          {hasMore && !loadingMore && !list.moreFailed && (
            <button type="button" className="adm-button" onClick={loadMore}>
              {t.loadMore}
            </button>
          )}
        </div>
      )}
      {dialog}
    </>
  );
}

/** A `list` screen. */
export default function ListScreen({ screen }: { screen: ScreenFile }) {
  return <ListBody screen={screen} />;
}
