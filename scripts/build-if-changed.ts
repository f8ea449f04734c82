import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * `npm start`'s build step (issue 27 item 6): builds the front end only when its sources changed
 * since dist/ was built. The stamp is a hash of every file vite reads (the front-end folders,
 * the catalogue and messages under schemas/, the vite plugins, the config and the locked
 * dependencies), written into dist/ after a good build. `npm run build` empties dist/ and so
 * drops the stamp: the next `npm start` builds again.
 */

/** What the front-end build reads, relative to the project root. */
export const BUILD_INPUTS = [
  'engine',
  'widgets',
  'screens',
  'schemas',
  'public',
  'scripts/vite',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

export const STAMP_FILE = '.build-stamp';

function files(root: string, entry: string): string[] {
  const path = join(root, entry);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [entry];
  return readdirSync(path)
    .filter((name) => name !== 'node_modules')
    .flatMap((name) => files(root, join(entry, name)));
}

/** The hash of the build's inputs: each file's path and bytes, in a fixed order. */
export function sourceStamp(root: string, inputs = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((i) => files(root, i)).sort()) {
    hash.update(`${relative(root, join(root, file))}\0`);
    hash.update(createHash('sha256').update(readFileSync(join(root, file))).digest());
  }
  return hash.digest('hex');
}

export interface BuildIfChanged {
  root: string;
  outDir: string;
  /** Runs the build; true when it succeeded. */
  build: () => boolean;
  inputs?: string[];
}

/** Builds unless outDir holds a build of the same sources; 'built', 'unchanged' or 'failed'. */
export function buildIfChanged({ root, outDir, build, inputs = BUILD_INPUTS }: BuildIfChanged): 'built' | 'unchanged' | 'failed' {
  const stamp = sourceStamp(root, inputs);
  const stampFile = join(outDir, STAMP_FILE);
  const built = existsSync(join(outDir, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === stamp;
  if (built) return 'unchanged';
  // A build that fails half-way must not leave an old stamp beside new files.
  rmSync(stampFile, { force: true });
  if (!build()) return 'failed';
  writeFileSync(stampFile, `${stamp}\n`);
  return 'built';
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, '..');
  const result = buildIfChanged({
    root,
    outDir: join(root, 'dist'),
    build: () => spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status === 0,
  });
  if (result === 'unchanged') console.log('Gränssnittet är oförändrat sedan förra bygget (dist/.build-stamp): inget nytt bygge.');
  if (result === 'failed') process.exit(1);
}
