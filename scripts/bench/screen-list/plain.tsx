import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { dispatch } from '../../../screens/api';
import { formatStockholmDate as formatDate } from '../../../engine/dates';
import { useContainer } from '../../../screens/runner/session/session';
import { mount } from './harness';

interface Row {
  id: number;
  name: string;
  status: string;
  start: number;
  stop: number;
  totalApplicants?: number;
  totalUnProcessed?: number;
}

/** The peer: a hand-written React table of the same rows from the same call, same columns. */
function Plain() {
  const { id } = useContainer();
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    void dispatch('get_positions', { containerId: id }).then((r) => setRows([...r].sort((a, b) => b.start - a.start)));
  }, [id]);
  if (!rows) return <p role="status">Laddar...</p>;
  return (
    <>
      <h1>Annonser</h1>
      <table id="plain">
        <thead>
          <tr>
            <th>Namn</th>
            <th>Status</th>
            <th>Start</th>
            <th>Slut</th>
            <th>Ansökningar</th>
            <th>Obehandlade</th>
            <th>Åtgärder</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                <Link to={`/admin/positions/${r.id}`}>{r.name}</Link>
              </th>
              <td>{r.status}</td>
              <td>{formatDate(r.start)}</td>
              <td>{formatDate(r.stop)}</td>
              <td>{r.totalApplicants ?? 0}</td>
              <td>{r.totalUnProcessed ?? 0}</td>
              <td>
                <Link to={`/admin/positions/${r.id}/edit`}>Redigera</Link>
                <button type="button">Arkivera</button>
                <a href={`/positions/${r.id}/apply`}>Visa ansökningssidan</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

mount(<Plain />);
