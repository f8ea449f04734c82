import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { SessionPage } from './SessionPage';

/** /access-denied: where a role guard sends a user with insufficient role. */
export default function AccessDenied({ inShell = false }: { inShell?: boolean }) {
  const body = (
    <>
      <p>{sv.admin.accessDenied.text}</p>
      <p>
        <Link to="/admin">{sv.admin.accessDenied.back}</Link>
      </p>
    </>
  );
  if (inShell) {
    return (
      <>
        <h1>{sv.admin.accessDenied.title}</h1>
        {body}
      </>
    );
  }
  return <SessionPage title={sv.admin.accessDenied.title}>{body}</SessionPage>;
}
