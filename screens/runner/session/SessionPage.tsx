import type { ReactNode } from 'react';
import sv from '../../../schemas/messages/sv.json';
import '../../shared/admin.css';

/** The frame of the pages outside the admin shell (login, forgot, access denied). */
export function SessionPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="adm-session">
      <header className="adm-session-header">
        <span className="adm-brand">{sv.app.brand}</span>
      </header>
      <main id="main" className="adm-session-main">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
