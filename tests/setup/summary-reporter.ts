import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: 'tests: N passed, N failed, N skipped'. Under
 * scripts/vitest-all.sh (two vitest processes side by side) each process writes its counts to
 * the file named by TEST_SUMMARY_FILE instead, and the script prints the one line for both.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed with no test failed (it did not load, or a beforeAll threw and its
      // tests were skipped) is one failure, never a clean line.
      failed += mod.state() === 'failed' && failedHere === 0 ? 1 : failedHere;
    }
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped }));
    else process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
