import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import type { ViewProps } from '../runner/types';

/**
 * A spec route whose function this build does not have yet: its title and a plain sentence
 * saying so, and the way back. Nothing on it pretends to work.
 */
export default function NotAvailable({ screen }: ViewProps) {
  return (
    <div className="scr-not-available">
      <h1>{screen.title}</h1>
      <p>{sv.screens.notAvailable}</p>
      <p>
        <Link to="/admin">{sv.screens.backHome}</Link>
      </p>
    </div>
  );
}
