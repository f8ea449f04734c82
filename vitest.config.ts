import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SlowFirst from './tests/setup/slow-first.ts';
import { screenTable } from './scripts/vite/screen-table.ts';

/**
 * The unit files that replace a module (vi.mock): they keep a module registry of their own
 * (isolate true), since in a shared one the module may already be loaded unmocked. The other
 * unit files share their worker's modules and, in jsdom, its window (tests/setup/dom.ts sets the
 * window back before each file): the unit-dom files took 131 s alone with a window and modules
 * each, 38–44 s shared, on this machine.
 */
const here = import.meta.dirname;
const unitFiles = (readdirSync(join(here, 'tests/unit'), { recursive: true }) as string[]).map((f) => join('tests/unit', f)).filter((f) => /\.test\.tsx?$/.test(f));
const mocking = unitFiles.filter((f) => readFileSync(join(here, f), 'utf8').includes('vi.mock('));

/** Integration files that serve the built front end's server render (they need `npm run build`). */
const needsBuild = ['tests/integration/ssr.test.ts', 'tests/integration/apply-form-limits.test.ts'];

/**
 * One runner, five rooms: unit (node), unit-dom (jsdom), unit-mocking (the unit files that
 * replace a module, jsdom, each with modules of its own), integration (real Koa server on
 * both store adapters, FerretDB started by the global setup) and e2e (real Chromium).
 */
export default defineConfig({
  // The admin app's route table (screens/runner/catalogue.ts) is derived as in the build.
  plugins: [react(), screenTable()],
  test: {
    reporters: ['default', './tests/setup/summary-reporter.ts'],
    // Two files at a time even on CI's two cores (vitest's default there is one: cores - 1). A
    // test file's time is much waiting (on its server child, Chromium, FerretDB, schemathesis),
    // so one worker left a core idle for most of the 1,400 s run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // expect.poll waits for a state; vitest's default of 1 s is a timer in disguise, and under
    // CI's load a confirmation mail once took longer than that (apply.test.ts). A poll that
    // holds returns at once, so a longer bound costs only a test that is failing anyway.
    expect: { poll: { timeout: 15_000 } },
    // The slowest files start first (see the file); npm test runs e2e in a process of its own.
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        extends: true,
        // 20 s, not vitest's 5 s: the rooms run side by side on CI's two cores, where a test that
        // loads the whole catalogue once took over 5 s while the browser tests ran.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: [...configDefaults.exclude, ...mocking], environment: 'node', isolate: false, testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...mocking],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          isolate: false,
          // Each wait inside a test may take up to its bound (tests/setup/wait.ts); a test makes several.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-mocking',
          include: mocking,
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/regressions/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...needsBuild],
          environment: 'node',
          globalSetup: ['tests/setup/global-ferretdb.ts'],
          // A file's own modules are fresh, the server's are loaded once per worker: loading them
          // (the whole server, its schemas compiled) cost ~3 s of CPU per file, about a quarter of
          // a small file's time. None of these files mocks a module; what one could leave behind
          // in a shared module is set back per file (see the file).
          isolate: false,
          setupFiles: ['tests/setup/shared-worker.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The files that read the built front end (dist/.ssr): npm test runs them after the build,
        // beside the browser tests, since the build now runs alongside the other tests.
        test: {
          name: 'after-build',
          include: needsBuild,
          environment: 'node',
          globalSetup: ['tests/setup/global-ferretdb.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A browser test waits for the state it asserts; vitest's 1 s ceiling for expect.poll
          // is shorter than a page's first load on two busy cores (three tests failed that way
          // under load), so a state may take up to 15 s to arrive before the test fails.
          expect: { poll: { timeout: 15_000 } },
          // One Chromium and a pool of apps started ahead for the whole run (see the file).
          globalSetup: ['tests/e2e/helpers/global.ts'],
          // Two files at a time (maxWorkers above), each worker keeping its modules (playwright,
          // the helpers) from file to file: loading them took 60 s of the e2e process's 630. The
          // helpers hold no state of their own; each file has its own app and browser context.
          // A file spends much of its time waiting on its server and the browser, so one file at a
          // time left a core idle once the other tests had ended: the e2e project alone took
          // 498 s one file at a time and 278-283 s two at a time, for the same CPU-seconds.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
