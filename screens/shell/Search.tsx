import { useId, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { MIN_SEARCH_CHARS, searchChars } from '../../engine/search-text';
import { deferredPart, useDeferred } from '../shared/deferred';

const t = sv.shell.search;

// The combobox (react-aria-components) loads when the field is first pointed at or focused.
const combo = deferredPart('Search', async () => (await import('./SearchAria')).default);

function SearchIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The global search (spec document 1 §2 "Admin shell", SearchAria.tsx): a combobox named 'Sök'.
 * Until its code has arrived (a pointer over the field or focus in it starts the load) a
 * lookalike field of the same size and name takes the text; the real one takes over with the
 * text, the caret and focus, and searches for what was typed.
 */
export function GlobalSearch() {
  const { Real, start } = useDeferred(combo);
  const [text, setText] = useState('');
  const [focus, setFocus] = useState(false);
  const id = useId();
  if (Real) {
    return (
      <Real first={{ focus, open: focus && text ? 'keyboard' : null, text }}>
        <SearchIcon />
      </Real>
    );
  }
  const status = !text ? '' : searchChars(text.trim()) < MIN_SEARCH_CHARS ? t.minChars : t.searching;
  return (
    <div className="sh-search" onPointerEnter={() => start(false)}>
      <label className="bk-visually-hidden" htmlFor={id}>
        {t.label}
      </label>
      <span className="sh-search-field">
        <SearchIcon />
        <input
          id={id}
          className="sh-search-input"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          aria-describedby="sh-search-status"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t.placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            start(true);
          }}
          onFocus={() => {
            setFocus(true);
            start(false);
          }}
          onBlur={() => setFocus(false)}
          onKeyDown={(e) => e.key === 'Escape' && setText('')}
        />
      </span>
      <span id="sh-search-status" role="status" className="bk-visually-hidden">
        {status}
      </span>
    </div>
  );
}
