// Builds the extension test suite to JavaScript (the extension host loads JS): one bundle per file, `vscode` and `mocha`
// left to the host and to the project's node_modules, after a type check of the suite's own tsconfig.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { run } from '../prerequisites';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const SUITE_SOURCE = path.join(REPO_ROOT, 'test', 'e2e', 'vscode-suite');
/** Inside the repository, so that the bundles' require('mocha') finds the project's mocha. */
export const SUITE_OUT = path.join(REPO_ROOT, '.cache', 'e2e', 'suite');

export async function buildSuite(): Promise<string> {
  const typescript = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [typescript, '-p', path.join(SUITE_SOURCE, 'tsconfig.json')], { cwd: REPO_ROOT, what: 'type check of test/e2e/vscode-suite' });
  const entries = readdirSync(SUITE_SOURCE)
    .filter((name) => name === 'index.ts' || name.endsWith('.test.ts'))
    .map((name) => path.join(SUITE_SOURCE, name));
  await build({
    entryPoints: entries,
    outdir: SUITE_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return path.join(SUITE_OUT, 'index.js');
}
