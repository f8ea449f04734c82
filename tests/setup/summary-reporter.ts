import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: 'tests: N passed, N failed, N skipped', and after it
 * each failure's file, name and first lines of error: CI keeps only the end of the output, and a
 * failure printed live minutes earlier was out of sight there. Under scripts/vitest-all.sh (two
 * vitest processes side by side) each process writes its counts and failures to the file named by
 * TEST_SUMMARY_FILE instead, and the script prints them once for both.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failedHere++;
          failures.push(`${relative(process.cwd(), mod.moduleId)} > ${test.fullName}: ${firstLines(test.result().errors)}`);
        }
        else skipped++;
      }
      // A file that failed with no test failed (it did not load, or a beforeAll threw and its
      // tests were skipped) is one failure, never a clean line.
      if (mod.state() === 'failed' && failedHere === 0) {
        failed++;
        // The error of a hook that failed (beforeAll) is its suite's, not the module's.
        const errors = [...mod.errors(), ...[...mod.children.allSuites()].flatMap((suite) => suite.errors())];
        failures.push(`${relative(process.cwd(), mod.moduleId)}: ${firstLines(errors)}`);
      } else failed += failedHere;
    }
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped, failures }));
    else {
      process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
      for (const line of failures) process.stdout.write(`  ✗ ${line}\n`);
    }
  }
}

/** The first error's opening lines, short enough that several failures fit in CI's tail. */
function firstLines(errors: ReadonlyArray<{ message?: string }> | undefined): string {
  const message = errors?.[0]?.message ?? '';
  return message.split('\n').slice(0, 3).join(' ').slice(0, 300);
}
