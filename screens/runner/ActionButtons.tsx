import { Link } from 'react-router-dom';
import { useSession } from '../admin/session';
import { canOpen } from './access';
import { fillText, type BindingContext } from './bindings';
import type { ScreenAction } from './types';
import { useRunAction } from './useRunAction';
import { UploadButton } from './verbs/UploadButton';

/** Page-level buttons of a record or a page: access-filtered, run with their verbs (confirmation, dialog form, upload, download), toast and `to`. */
export function ActionButtons({ actions, ctx, done }: { actions: readonly ScreenAction[]; ctx: BindingContext; done(): void }) {
  const { rights } = useSession();
  const { run, dialog } = useRunAction(done);
  const shown = actions.filter((a) => !a.access || canOpen(a.access, rights));
  if (shown.length === 0) return null;
  return (
    <div className="scr-actions">
      {shown.map((a) =>
        a.upload ? (
          <UploadButton key={a.label} action={a} ctx={ctx} run={run} />
        ) : a.action || a.session ? (
          <button key={a.label} type="button" className="adm-button" onClick={() => void run(a, ctx)}>
            {a.label}
          </button>
        ) : (
          <Link key={a.label} to={fillText(a.to ?? '/admin', ctx, true)} className="adm-button">
            {a.label}
          </Link>
        ),
      )}
      {dialog}
    </div>
  );
}
