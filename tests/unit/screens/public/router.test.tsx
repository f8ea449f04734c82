import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { BrowserLocation, Link, matchPath, Navigate, StaticLocation, useLocation } from '../../../../screens/public/router';

/* The public site's own router (it replaced React Router there): matching as React Router matched, links, back and forward. */

function Where() {
  const { pathname, search } = useLocation();
  return <output>{pathname + search}</output>;
}

describe('matchPath', () => {
  it('matches as React Router did: static parts in any case, one trailing slash, one decoded segment per parameter', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/positions', '/Positions/')).toEqual({});
    expect(matchPath('/positions/:p/apply', '/positions/12/apply')).toEqual({ p: '12' });
    expect(matchPath('/:p', '/12_s%C3%A4ljare')).toEqual({ p: '12_säljare' });
    expect(matchPath('/:p', '/%E0%A4%A')).toEqual({ p: '%E0%A4%A' });
    expect(matchPath('/:p', '/')).toBeNull();
    expect(matchPath('/:p', '/a/b')).toBeNull();
    expect(matchPath('/:p/apply', '/a//apply')).toBeNull();
    expect(matchPath('/positions/:p', '/positions')).toBeNull();
  });
});

describe('BrowserLocation and Link', () => {
  it('moves without a reload on a plain click, follows back, and leaves a modified click to the browser', async () => {
    window.history.replaceState(null, '', '/start?host=jobb.demo.example.se');
    render(
      <BrowserLocation>
        <Where />
        <Link to="/positions">Alla tjänster</Link>
      </BrowserLocation>,
    );
    expect(screen.getByRole('status').textContent).toBe('/start?host=jobb.demo.example.se');
    const link = screen.getByRole('link', { name: 'Alla tjänster' });
    expect(link.getAttribute('href')).toBe('/positions');
    // After the app's handler (React listens at its root): jsdom would try to navigate.
    document.addEventListener('click', (e) => e.preventDefault(), { once: true });
    fireEvent.click(link, { ctrlKey: true });
    expect(window.location.pathname).toBe('/start');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(window.location.pathname).toBe('/positions');
    expect(screen.getByRole('status').textContent).toBe('/positions');
    // Back: the browser restores the address, then fires popstate.
    act(() => {
      window.history.replaceState(null, '', '/start?host=jobb.demo.example.se');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('status').textContent).toBe('/start?host=jobb.demo.example.se');
  });

  it('Navigate replaces the address', async () => {
    window.history.replaceState(null, '', '/gammal');
    const before = window.history.length;
    await act(async () => {
      render(
        <BrowserLocation>
          <Where />
          <Navigate to="/ny?host=x" replace />
        </BrowserLocation>,
      );
    });
    expect(window.location.pathname + window.location.search).toBe('/ny?host=x');
    expect(window.history.length).toBe(before);
  });

  it('renders the server’s address with StaticLocation', () => {
    expect(renderToString(<StaticLocation url="/12_x/apply?skickad=1"><Where /></StaticLocation>)).toContain('/12_x/apply?skickad=1');
  });
});
