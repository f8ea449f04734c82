import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../screens/admin/session';
import { ToastProvider } from '../../../screens/shared/toast';

/**
 * Shared by both board bench pages: the token in place, the page mounted, and the time from
 * the navigation start until `want` cards ([data-card]) are in the document, checked between
 * tasks (a MessageChannel loop) so both pages are timed alike.
 */
declare global {
  interface Window {
    __benchToken?: string;
    __benchPosition?: number;
    __benchCards?: number;
    __benchFirst?: number;
  }
}

export function mount(board: ReactNode, withSession: boolean): void {
  localStorage.setItem('blankett.token', window.__benchToken ?? '');
  const want = window.__benchCards ?? 30;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    if (document.querySelectorAll('[data-card]').length >= want) {
      window.__benchFirst = performance.now();
      channel.port1.close();
    } else channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <MemoryRouter>{withSession ? <SessionProvider><ToastProvider>{board}</ToastProvider></SessionProvider> : board}</MemoryRouter>,
  );
}
