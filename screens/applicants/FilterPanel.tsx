import { useEffect, useId, useState, type ReactNode } from 'react';
import sv from '../../schemas/messages/sv.json';
import { MAX_SEARCH_CHARS, searchTextProblem } from '../../engine/search-text';
import type { AnswerGroup } from './filterGroups';
import { clean, hasAnswer, isDefault, toggleAnswer, type ApplicantQuery, type Sort } from './query';
import type { Counts, Label } from './types';

const t = sv.applicants.filters;
const r = sv.scorecards.list;

/** The filter text the list is asked for: none while the text is too short to search. */
const sendable = (text: string) => (searchTextProblem(text) ? '' : text.trim());

function countOf(counts: Counts | null, id: number): string {
  const n = counts?.labels.find((l) => l.labelId === id)?.count;
  return n === undefined ? '' : ` (${n})`;
}

/** One radio or checkbox of a filter group, its text beside it. */
function Option({ name, checked, onChange, children }: { name?: string; checked: boolean; onChange(on: boolean): void; children: ReactNode }) {
  return (
    <label className="apl-option">
      <input type={name ? 'radio' : 'checkbox'} name={name} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} /> {children}
    </label>
  );
}

function LabelChoice(props: { legend: string; name: string; labels: Label[]; value: number | undefined; counts: Counts | null; onChange(id: number | undefined): void }) {
  const { legend, name, labels, value, counts, onChange } = props;
  if (labels.length === 0) return null;
  return (
    <fieldset className="apl-fieldset">
      <legend>{legend}</legend>
      <Option name={name} checked={value === undefined} onChange={() => onChange(undefined)}>
        {t.all}
      </Option>
      {labels.map((l) => (
        <Option key={l.id} name={name} checked={value === l.id} onChange={() => onChange(l.id)}>
          {l.name}
          <span className="apl-count">{countOf(counts, l.id)}</span>
        </Option>
      ))}
    </fieldset>
  );
}

/**
 * The region 'Filter': Status (Interest), Processnivå, the answer groups built from the
 * position's form, 'Har körkort och egen bil', 'Ansökta tjänster', a name/email search and
 * the sort. Every change is applied at once (and remembered per position by the page).
 */
export function FilterPanel(props: {
  query: ApplicantQuery;
  onChange(q: ApplicantQuery): void;
  interest: Label[];
  process: Label[];
  groups: AnswerGroup[];
  hasCarFilter: boolean;
  otherPositions: { id: number; name: string }[];
  counts: Counts | null;
  /** False while the position's anonymous mode is on: the server does not sort by name then. */
  nameSort?: boolean;
}) {
  const { query, onChange, interest, process, groups, hasCarFilter, otherPositions, counts, nameSort = true } = props;
  const id = useId();
  const set = (patch: Partial<ApplicantQuery>) => onChange(clean({ ...query, ...patch }));
  const [text, setText] = useState(query.filter ?? '');
  // A reset or a remembered filter replaces the text; typing (trailing spaces too) is kept.
  useEffect(() => {
    setText((cur) => ((query.filter ?? '') === sendable(cur) ? cur : (query.filter ?? '')));
  }, [query.filter]);
  // The search is sent when typing pauses, not at every key; text the server would refuse
  // (fewer than 3 characters) is not sent, and the field says why.
  useEffect(() => {
    if ((query.filter ?? '') === sendable(text)) return;
    const h = setTimeout(() => onChange(clean({ ...query, filter: sendable(text) })), 300);
    return () => clearTimeout(h);
  }, [text, query, onChange]);
  const problem = text.trim() ? searchTextProblem(text) : null;
  const applied = query.appliedPositionIds ?? [];

  return (
    <section className="apl-filters" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.title}</h2>
      <div className="apl-filter-top">
        <label htmlFor={`${id}-q`}>{t.search}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={MAX_SEARCH_CHARS}
          aria-describedby={problem ? `${id}-qhint` : undefined}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {problem && (
          <span id={`${id}-qhint`} className="apl-hint" role="status">
            {sv.searchText[problem]}
          </span>
        )}
        <label htmlFor={`${id}-sort`}>{t.sort}</label>
        <select id={`${id}-sort`} value={query.sort ?? 'newest'} onChange={(e) => set({ sort: e.currentTarget.value as Sort })}>
          <option value="newest">{t.newest}</option>
          <option value="oldest">{t.oldest}</option>
          {nameSort && <option value="name">{t.byName}</option>}
          <option value="rating">{r.sort}</option>
        </select>
        <button type="button" className="adm-button" disabled={isDefault(query)} onClick={() => onChange({})}>
          {t.reset}
        </button>
      </div>
      <div className="apl-filter-groups">
        <LabelChoice legend={t.status} name={`${id}-status`} labels={interest} value={query.labelId} counts={counts} onChange={(labelId) => set({ labelId })} />
        <LabelChoice legend={t.process} name={`${id}-process`} labels={process} value={query.processLabelId} counts={counts} onChange={(processLabelId) => set({ processLabelId })} />
        <fieldset className="apl-fieldset">
          <legend>{r.filter}</legend>
          {([[undefined, r.any], [true, r.rated], [false, r.unrated]] as const).map(([value, text]) => (
            <Option key={String(value)} name={`${id}-rated`} checked={query.rated === value} onChange={() => set({ rated: value })}>
              {text}
            </Option>
          ))}
          <label htmlFor={`${id}-min`}>{r.minRating}</label>
          <select id={`${id}-min`} value={query.minRating ?? ''} onChange={(e) => set({ minRating: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })}>
            <option value="">{r.any}</option>
            {[2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </fieldset>
        {hasCarFilter && (
          <fieldset className="apl-fieldset">
            <legend>{t.car}</legend>
            <Option checked={!!query.driverLicenceAndCar} onChange={(on) => set({ driverLicenceAndCar: on })}>
              {t.car}
            </Option>
          </fieldset>
        )}
        {groups.map((g) => (
          <fieldset key={g.id} className="apl-fieldset">
            <legend>{g.title}</legend>
            {g.options.map((o) => (
              <Option key={`${o.choice.key}=${String(o.choice.value)}`} checked={hasAnswer(query, o.choice)} onChange={(on) => onChange(toggleAnswer(query, o.choice, on))}>
                {o.label}
              </Option>
            ))}
          </fieldset>
        ))}
        {otherPositions.length > 0 && (
          <fieldset className="apl-fieldset">
            <legend>{t.applied}</legend>
            {otherPositions.map((p) => (
              <Option key={p.id} checked={applied.includes(p.id)} onChange={(on) => set({ appliedPositionIds: on ? [...applied, p.id] : applied.filter((x) => x !== p.id) })}>
                {p.name}
              </Option>
            ))}
          </fieldset>
        )}
      </div>
    </section>
  );
}
