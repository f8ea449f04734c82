import { Board } from '../../../screens/applicants/board/Board';
import '../../../screens/applicants/applicants.css';
import { mount } from './harness';

/** Ours: the position's board as the page shows it to a writer (drag handles, dnd-kit context). */
mount(<Board positionId={window.__benchPosition ?? 1} canWrite />, true);
