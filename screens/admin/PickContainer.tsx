import { Navigate, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useSession } from './session';
import { SessionPage } from './SessionPage';

/** /admin/pick-container: the user belongs to more than one company and chooses one. */
export default function PickContainer() {
  const { containers, container, pickContainer, status } = useSession();
  const navigate = useNavigate();
  if (status === 'none') return <SessionPage title={sv.admin.pick.title}><p role="alert">{sv.admin.noContainers}</p></SessionPage>;
  if (containers.length === 1 && container) return <Navigate to="/admin" replace />;
  return (
    <SessionPage title={sv.admin.pick.title}>
      <p>{sv.admin.pick.intro}</p>
      <ul className="adm-pick-list">
        {containers.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="adm-button"
              aria-current={container?.id === c.id ? 'true' : undefined}
              onClick={() => {
                pickContainer(c.id);
                navigate('/admin');
              }}
            >
              {c.displayName || c.name}
            </button>
          </li>
        ))}
      </ul>
    </SessionPage>
  );
}
