import { useEffect, useRef, useState } from 'react';
import { Collection, ComboBox, Header, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover, Text } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { MIN_SEARCH_CHARS, searchChars } from '../../engine/search-text';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { dispatch } from '../api';
import { useSession } from '../runner/session/session';

const t = sv.shell.search;
const DEBOUNCE_MS = 250;

type SearchAnswer = ActionAnswer['get_applicantPositionBySearchQuery'];

interface Hit {
  id: string;
  text: string;
  detail: string;
  to: string;
}

interface Group {
  id: string;
  title: string;
  hits: Hit[];
}

/** The answer as the list's two groups, applicants first; empty groups left out. */
function groupsOf(answer: SearchAnswer): Group[] {
  const applicants: Hit[] = answer.applicants.map((a) => ({
    id: `a${a.id}`,
    text: a.name || `${a.firstname} ${a.lastname}`.trim() || a.email,
    detail: [a.positionName, a.email].filter(Boolean).join(' · '),
    to: `/admin/positions/${a.positionId}/applicants/${a.id}`,
  }));
  const positions: Hit[] = answer.positions.map((p) => ({ id: `p${p.id}`, text: p.name, detail: p.status, to: `/admin/positions/${p.id}` }));
  return [
    { id: 'applicants', title: t.applicants, hits: applicants },
    { id: 'positions', title: t.positions, hits: positions },
  ].filter((g) => g.hits.length > 0);
}

type Phase = 'short' | 'searching' | 'done' | 'error';

/**
 * The global search (spec document 1 §2 "Admin shell"): a combobox named 'Sök' from
 * react-aria-components. From 3 characters it asks get_applicantPositionBySearchQuery with
 * `?filter=` (debounced, late answers to older text dropped) and lists applicants and
 * positions in two groups; arrows move, Enter opens the active hit (or the first when none
 * is active), Escape closes the list and a second Escape clears the text.
 */
export function GlobalSearch() {
  const { container, handleError } = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [groups, setGroups] = useState<Group[]>([]);
  const [phase, setPhase] = useState<Phase>('short');
  const seq = useRef(0);
  const field = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const query = text.trim();
    const mine = ++seq.current;
    if (searchChars(query) < MIN_SEARCH_CHARS || !container) {
      setGroups([]);
      setPhase('short');
      return;
    }
    setPhase('searching');
    const timer = setTimeout(() => {
      dispatch('get_applicantPositionBySearchQuery', { containerId: container.id }, `?filter=${encodeURIComponent(query)}`).then(
        (answer) => {
          if (mine !== seq.current) return;
          setGroups(groupsOf(answer));
          setPhase('done');
        },
        (err: unknown) => {
          if (mine !== seq.current) return;
          handleError(err);
          setGroups([]);
          setPhase('error');
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, container, handleError]);

  const open = (hit: Hit | undefined) => {
    if (!hit) return;
    seq.current++;
    setText('');
    setGroups([]);
    setPhase('short');
    navigate(hit.to);
  };
  const byKey = (key: unknown) => groups.flatMap((g) => g.hits).find((h) => h.id === key);
  const count = groups.reduce((n, g) => n + g.hits.length, 0);
  const status = phase === 'searching' ? t.searching : phase === 'error' ? t.error : phase === 'done' ? (count ? fill(t.hits, { n: count }) : t.noHits) : text ? t.minChars : '';

  return (
    <ComboBox
      className="sh-search"
      inputValue={text}
      onInputChange={setText}
      selectedKey={null}
      onSelectionChange={(key) => key !== null && open(byKey(key))}
      items={groups}
      menuTrigger="input"
      allowsEmptyCollection
      // The text is a query, not a choice: Escape and blur keep it instead of reverting it.
      allowsCustomValue
      aria-describedby="sh-search-status"
    >
      <Label className="bk-visually-hidden">{t.label}</Label>
      <span className="sh-search-field" ref={field}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <Input
          className="sh-search-input"
          placeholder={t.placeholder}
          onKeyDown={(e) => {
            const expanded = e.currentTarget.getAttribute('aria-expanded') === 'true';
            // Enter with no active option opens the first hit (what a sighted user expects).
            if (e.key === 'Enter' && !e.currentTarget.getAttribute('aria-activedescendant') && phase === 'done') open(groups[0]?.hits[0]);
            // Escape closes the list first, then clears the text.
            else if (e.key === 'Escape' && !expanded) setText('');
          }}
        />
      </span>
      <span id="sh-search-status" role="status" className="bk-visually-hidden">
        {status}
      </span>
      <Popover className="sh-popover sh-search-popover" placement="bottom start" offset={4} triggerRef={field}>
        <ListBox<Group> className="sh-search-list" renderEmptyState={() => <p className="sh-search-state">{status || t.minChars}</p>}>
          {(group) => (
            <ListBoxSection id={group.id} className="sh-search-group">
              <Header className="sh-search-header">{group.title}</Header>
              <Collection items={group.hits}>
                {(hit) => (
                  <ListBoxItem id={hit.id} textValue={hit.text} className="sh-search-hit">
                    <Text slot="label" className="sh-search-hit-text">
                      {hit.text}
                    </Text>
                    {hit.detail && (
                      <Text slot="description" className="sh-search-hit-detail">
                        {hit.detail}
                      </Text>
                    )}
                  </ListBoxItem>
                )}
              </Collection>
            </ListBoxSection>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
