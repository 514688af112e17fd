// `fieldwise check --changed-since REF`: the files git says changed since the history of REF and this checkout's met
// (their merge base), committed or not, added, modified or deleted, and the untracked files git does not ignore.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CliError, EXIT } from './io';

/** Absolute paths of every changed file, deleted ones included (a deletion still touches its data stream). */
export function changedSince(ref: string, cwd: string): Set<string> {
  const root = git(['rev-parse', '--show-toplevel'], cwd, 'the current folder is not in a git repository').trim();
  git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd, `git knows no commit '${ref}'`);
  const base = git(['merge-base', ref, 'HEAD'], cwd, `'${ref}' and HEAD have no history in common (a shallow clone? fetch the history first)`).trim();
  const changed = git(['diff', '--name-only', '-z', '--no-renames', base, '--'], root, `git diff against ${base} failed`);
  const untracked = git(['ls-files', '-z', '--others', '--exclude-standard', '--full-name'], root, 'git ls-files failed');
  const out = new Set<string>();
  for (const path of `${changed}${untracked}`.split('\0')) if (path !== '') out.add(join(root, path));
  return out;
}

function git(args: string[], cwd: string, what: string): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    const detail = e.code === 'ENOENT' ? 'git is not installed or not on PATH' : (e.stderr ?? '').trim().split('\n')[0];
    throw new CliError(`--changed-since: ${what}${detail ? ` (${detail})` : ''}`, EXIT.usage);
  }
}
