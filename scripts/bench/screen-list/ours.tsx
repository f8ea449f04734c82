import positions from '../../../schemas/screens/positions.json';
import { AccessGuard } from '../../../screens/runner/Guard';
import { Screen } from '../../../screens/runner/Screen';
import type { ScreenFile } from '../../../screens/runner/types';
import { mount } from './harness';

// Ours: the positions screen file through the runner (guard, title, list screen).
const screen = positions as unknown as ScreenFile;
mount(
  <AccessGuard screen={screen}>
    <Screen screen={screen} />
  </AccessGuard>,
);
