import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files known to take longest (measured on CI, slowest first; the order after issue 25 item 9
 * made account-races, roles, mail-replies-abuse and bad-input cheaper) start first, so none of them
 * starts last and makes the run's tail on its own while the other worker idles. The rest keep
 * vitest's own order (cached durations, or file size on a fresh clone). A file missing from
 * this list is only started later; a name that no longer exists is ignored.
 */
const SLOWEST = [
  // fuzz-api spends a fixed budget (schemathesis --max-time 150), whatever else runs.
  'tests/integration/fuzz-api.test.ts',
  'tests/integration/roles.test.ts',
  'tests/e2e/tour.test.ts',
  'tests/integration/heavy-requests.test.ts',
  'tests/integration/bad-input.test.ts',
  'tests/integration/scale-out-faults.test.ts',
  'tests/integration/account-races.test.ts',
  'tests/integration/passwords.test.ts',
  'tests/integration/store-kill.test.ts',
  'tests/e2e/swedish-screens.test.ts',
  'tests/integration/personal-data-walk.test.ts',
  'tests/e2e/shell.test.ts',
  'tests/integration/mail-replies-abuse.test.ts',
  'tests/e2e/admin.test.ts',
  'tests/e2e/org-settings.test.ts',
];

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOWEST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return at === -1 ? SLOWEST.length : at;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
