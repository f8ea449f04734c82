import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';

/** The admin not-found page (inside the shell, behind the logged-in guard). */
export default function NotFound() {
  return (
    <>
      <h1>{sv.admin.notFound.title}</h1>
      <p>{sv.admin.notFound.text}</p>
      <p>
        <Link to="/admin">{sv.admin.accessDenied.back}</Link>
      </p>
    </>
  );
}
