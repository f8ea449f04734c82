import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { DEFAULT_THEME } from '../../engine/theme';
import { viewCall } from '../runner/viewCall';
import { useSession } from '../runner/session/session';
import { useLoad } from '../shared/useLoad';
import type { ViewProps } from '../runner/types';
import './org.css';

const t = sv.firstSteps;
const call = viewCall('FirstSteps');

interface Step {
  key: keyof typeof t.steps;
  to: string;
  done: boolean;
}

/**
 * The first steps of a new organisation's administrator on the start page (issue 26 item 10):
 * profile and contact e-mail, theme, mail templates, a first position, a colleague. Each is
 * ticked from the organisation's data, not from a stored tick; the list goes once all are done.
 */
export default function FirstSteps(_: ViewProps) {
  const { rights, container: chosen } = useSession();
  const containerId = chosen?.id ?? 0;
  // Only an administrator of the organisation has these steps to take (and may read what they check).
  const admin = rights.admin && containerId > 0;
  const data = useLoad(async () => {
    if (!admin) return null;
    const [container, templates, positions, users] = await Promise.all([
      call('get_container', { id: containerId }),
      call('get_emailTemplates', { containerId }),
      call('get_positions', { containerId }),
      call('get_containerUsers', { containerId }),
    ]);
    return { container, templates, positions, users };
  }, `${containerId}:${admin}`);
  if (!admin || !data.data) return null;
  const { container, templates, positions, users } = data.data;
  const steps: Step[] = [
    { key: 'profile', to: '/admin/container/profile', done: hasText((container.profile as { email?: unknown } | undefined)?.email) },
    { key: 'theme', to: '/admin/container/theme', done: JSON.stringify(container.theme) !== JSON.stringify(DEFAULT_THEME) },
    { key: 'templates', to: '/admin/templates/email', done: templates.length > 0 },
    { key: 'position', to: '/admin/positions/new', done: positions.length > 0 },
    { key: 'colleague', to: '/admin/users/new', done: users.length > 1 },
  ];
  const left = steps.filter((s) => !s.done).length;
  if (left === 0) return null;
  return (
    <section className="org-first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">{t.title}</h2>
      <p>{fill(t.intro, { left, all: steps.length })}</p>
      <ol>
        {steps.map((s) => (
          <li key={s.key} className={s.done ? 'org-step-done' : undefined}>
            <span className="org-step-mark" aria-hidden="true">
              {s.done ? '✓' : ''}
            </span>
            <Link to={s.to}>{t.steps[s.key]}</Link>
            <span className="org-step-state">{s.done ? t.done : t.todo}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

const hasText = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';
