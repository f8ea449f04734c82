import { useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Collection, ComboBox, ComboBoxStateContext, Header, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover, Text } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { MIN_SEARCH_CHARS, searchChars } from '../../engine/search-text';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { dispatch } from '../api';
import { useSession } from '../runner/session/session';
import { useFirstUse, type FirstUse } from '../shared/deferred';

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

/** Takes the lookalike's place: focus to the field, and the list open when text was typed. */
function FirstUseOf({ first, input }: { first?: FirstUse; input: RefObject<HTMLInputElement | null> }) {
  const state = useContext(ComboBoxStateContext);
  useFirstUse(first, input, () => {
    // The caret after what was typed, as it was in the lookalike.
    const end = input.current?.value.length ?? 0;
    input.current?.setSelectionRange(end, end);
    state?.open(null, 'input');
  });
  return null;
}

/**
 * The global search's react-aria part (loaded when the field is first used, Search.tsx): a
 * combobox named 'Sök' from react-aria-components. From 3 characters it asks get_applicantPositionBySearchQuery with
 * `?filter=` (debounced, late answers to older text dropped) and lists applicants and
 * positions in two groups; arrows move, Enter opens the active hit (or the first when none
 * is active), Escape closes the list and a second Escape clears the text. `children` is the
 * field's icon, drawn by Search.tsx.
 */
export default function SearchCombo({ first, children }: { first?: FirstUse; children: ReactNode }) {
  const { container, handleError } = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState(first?.text ?? '');
  const [groups, setGroups] = useState<Group[]>([]);
  const [phase, setPhase] = useState<Phase>('short');
  const seq = useRef(0);
  const field = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement>(null);

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
        {children}
        <Input
          ref={input}
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
      <FirstUseOf first={first} input={input} />
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
