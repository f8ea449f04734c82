import { Link } from 'react-router-dom';
import { at, fillText, type BindingContext } from './bindings';
import type { ScreenAction } from './types';
import { useAccess } from './usePositionRights';
import { useRunAction } from './useRunAction';
import { UploadButton } from './verbs/UploadButton';

/** Does the loaded record meet an action's `when` (no record, no condition: yes)? */
function holds(data: unknown, cond: ScreenAction['when']): boolean {
  if (!cond) return true;
  const v = at(data, cond.field);
  if ('equals' in cond && v !== cond.equals) return false;
  if ('notEquals' in cond && v === cond.notEquals) return false;
  return true;
}

/**
 * Page-level buttons of a record or a page: access-filtered (a position right on the route's
 * :id counts), `when` on the record's data, run with their verbs (confirmation, dialog form, upload, download), toast and `to`; `href`
 * an http(s) address from the data, in a new tab.
 */
export function ActionButtons({ actions, ctx, done }: { actions: readonly ScreenAction[]; ctx: BindingContext; done(): void }) {
  const can = useAccess(actions.map((a) => a.access));
  const { run, dialog } = useRunAction(done);
  const shown = actions.filter((a) => can(a.access) && holds(ctx.data, a.when));
  if (shown.length === 0) return null;
  return (
    <div className="scr-actions">
      {shown.map((a) => {
        if (a.upload) return <UploadButton key={a.label} action={a} ctx={ctx} run={run} />;
        if (a.action || a.session) {
          return (
            <button key={a.label} type="button" className="adm-button" onClick={() => void run(a, ctx)}>
              {a.label}
            </button>
          );
        }
        if (a.href) {
          const href = fillText(a.href, ctx);
          return /^https?:\/\//i.test(href) ? (
            <a key={a.label} href={href} target="_blank" rel="noopener" className="adm-button">
              {a.label}
            </a>
          ) : null;
        }
        return (
          <Link key={a.label} to={fillText(a.to ?? '/admin', ctx, true)} className="adm-button">
            {a.label}
          </Link>
        );
      })}
      {dialog}
    </div>
  );
}
