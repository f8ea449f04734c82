import { useEffect, useId, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { useLoad } from '../shared/useLoad';
import { useContainer } from './session/session';

interface FieldSchema {
  type?: string;
  title?: string;
  enum?: unknown[];
  /** 'event': a choice of the event log's actions by their Swedish names (messages events.actions); 'skill': of the organisation's skills by name. */
  format?: string;
}

const collator = new Intl.Collator('sv');
/** [key, Swedish name] of every event log action, by name. */
const EVENT_CHOICES = Object.entries(sv.events.actions).sort((a, b) => collator.compare(a[1], b[1]));

/**
 * A choice of the organisation's skills by name (get_containerSkills), its value the name (the
 * talent pool matches a skill by name): typed, a name had to be exact to find anyone.
 */
function SkillChoice({ id, value, onChange }: { id: string; value: unknown; onChange(name: string): void }) {
  const { id: containerId } = useContainer();
  const skills = useLoad(() => dispatch('get_containerSkills', { containerId }), String(containerId));
  const names = [...new Set((skills.data ?? []).map((s) => s.name))].sort(collator.compare);
  return (
    <select id={id} value={String(value ?? '')} aria-busy={skills.loading || undefined} onChange={(e) => onChange(e.target.value)}>
      <option value="">{skills.loading ? sv.screens.skillsLoading : skills.error !== undefined ? sv.screens.skillsFailed : sv.screens.filterAll}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}

/**
 * A list screen's filters: one labelled input per property of the filter schema (text,
 * number, yes/no, a choice for an enum, of the event log's actions or of the organisation's skills) in a region named 'Filter'. Values reach the
 * list as {filter.x}; text is passed on 300 ms after the last key press.
 */
export function ListFilters({ schema, onChange }: { schema: { properties?: Record<string, FieldSchema> }; onChange(values: Record<string, unknown>): void }) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const id = useId();
  useEffect(() => {
    const t = setTimeout(() => onChange(values), 300);
    return () => clearTimeout(t);
  }, [values, onChange]);
  const set = (k: string, v: unknown) => setValues((old) => ({ ...old, [k]: v === '' ? undefined : v }));
  return (
    <section role="region" aria-label={sv.screens.filter} className="scr-filters">
      {Object.entries(schema.properties ?? {}).map(([key, f]) => {
        const fid = `${id}-${key}`;
        const label = f.title ?? key;
        if (f.type === 'boolean') {
          return (
            <label key={key} className="scr-filter scr-filter-check">
              <input type="checkbox" checked={values[key] === true} onChange={(e) => set(key, e.target.checked ? true : undefined)} /> {label}
            </label>
          );
        }
        return (
          <div key={key} className="scr-filter">
            <label htmlFor={fid}>{label}</label>
            {f.format === 'event' ? (
              <select id={fid} value={String(values[key] ?? '')} onChange={(e) => set(key, e.target.value)}>
                <option value="">{sv.screens.filterAll}</option>
                {EVENT_CHOICES.map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            ) : f.format === 'skill' ? (
              <SkillChoice id={fid} value={values[key]} onChange={(name) => set(key, name)} />
            ) : f.enum ? (
              <select id={fid} value={String(values[key] ?? '')} onChange={(e) => set(key, e.target.value)}>
                <option value="">{sv.screens.filterAll}</option>
                {f.enum.map((o) => (
                  <option key={String(o)} value={String(o)}>
                    {String(o)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={fid}
                type={f.type === 'integer' || f.type === 'number' ? 'number' : 'search'}
                value={String(values[key] ?? '')}
                onChange={(e) => set(key, e.target.value)}
              />
            )}
          </div>
        );
      })}
    </section>
  );
}
