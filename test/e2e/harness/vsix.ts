// The package under test: `npm run package` (vsce) builds fieldwise.vsix; `unzip -Z1` lists what it holds.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { run, toolEnv } from '../prerequisites';
import { REPO_ROOT } from './buildSuite';

export const VSIX = path.join(REPO_ROOT, 'fieldwise.vsix');

export async function packageExtension(): Promise<string> {
  const started = Date.now();
  await run('npm', ['run', 'package'], { cwd: REPO_ROOT, what: 'npm run package' });
  if (statSync(VSIX).mtimeMs < started - 1000) throw new Error(`npm run package did not write ${VSIX}`);
  return VSIX;
}

export function vsixEntries(vsix: string): Array<{ name: string }> {
  const listing = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8', env: toolEnv() });
  return listing.split('\n').filter((line) => line !== '' && !line.endsWith('/')).map((name) => ({ name }));
}
