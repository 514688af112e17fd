// Another commit's Fieldwise for `npm run bench -- --compare REF`: checked out in a temporary git worktree in the OS's
// temp folder, its node_modules a link to this checkout's when the two lockfiles are the same (else `npm ci
// --offline`), built by its own scripts/build.mjs, and started with its own client's node flags. The worktree is
// removed when the comparison ends, whether it succeeded, failed or was interrupted (Ctrl-C, SIGTERM).
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldwiseBuild, REPO } from './servers';

/** Runs git in this checkout; its error carries the command and git's own message. */
function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`'git ${args.join(' ')}' failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}

/**
 * A step whose output goes to the bench's stderr (stdout holds the tables only); its error names the step. Run apart
 * (not synchronously) so that an interruption reaches the bench at once; `started` hands over the process to stop then.
 */
function step(what: string, command: string, args: string[], cwd: string, started: (child: ChildProcess | undefined) => void): Promise<void> {
  process.stderr.write(`compare: ${what}: ${command} ${args.join(' ')}\n`);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 2, 2] });
    started(child);
    const failed = (why: string): void => reject(new Error(`${what} failed (${why}; its output is above): ${command} ${args.join(' ')} in ${cwd}`));
    child.once('error', (error) => failed(error.message));
    child.once('close', (code, signal) => {
      started(undefined);
      if (code === 0) resolve();
      else failed(signal ? `signal ${signal}` : `exit code ${code}`);
    });
  });
}

const exitCode = (signal: NodeJS.Signals): number => (signal === 'SIGINT' ? 130 : 143);

/** This checkout's name in the comparison: its commit, and whether it has changes on top. */
export function thisCheckoutLabel(): string {
  const head = git(['rev-parse', '--short', 'HEAD']).trim();
  const changed = git(['status', '--porcelain']).trim() !== '';
  return `this checkout (${head}${changed ? ' + uncommitted changes' : ''})`;
}

/** The node flags the commit's VS Code client starts its server with: its client/src/serverFlags.ts, loaded as is. */
function nodeFlagsOf(tree: string, ref: string): readonly string[] {
  const file = join(tree, 'client/src/serverFlags.ts');
  if (!existsSync(file)) {
    throw new Error(`${ref} has no client/src/serverFlags.ts, so the bench does not know the node flags its client starts the server with`);
  }
  // The bench runs under tsx, which loads TypeScript from any folder.
  const flags: unknown = (require(file) as { SERVER_EXEC_ARGV?: unknown }).SERVER_EXEC_ARGV;
  if (!Array.isArray(flags) || !flags.every((f) => typeof f === 'string')) {
    throw new Error(`${ref}'s client/src/serverFlags.ts does not export SERVER_EXEC_ARGV as a list of strings`);
  }
  return flags;
}

/**
 * Builds `ref` in a temporary worktree, hands the build to `use`, and removes the worktree afterwards in every case.
 * The label names the ref and its commit.
 */
export async function withOtherBuild<T>(ref: string, use: (build: FieldwiseBuild) => Promise<T>): Promise<T> {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new Error(`--compare: '${ref}' is not a commit of this repository (a branch, tag or commit id)`);
  }
  const short = commit.slice(0, 7);
  const folder = mkdtempSync(join(tmpdir(), 'fieldwise-bench-'));
  const tree = join(folder, 'fieldwise');
  let added = false;
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    // The link first: the worktree's removal must never reach into this checkout's node_modules.
    const link = join(tree, 'node_modules');
    if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(link);
    try {
      if (added) git(['worktree', 'remove', '--force', tree]);
    } catch (error) {
      process.stderr.write(`compare: could not remove the worktree ${tree} (${(error as Error).message}); 'git worktree remove --force ${tree}' does\n`);
    }
    rmSync(folder, { recursive: true, force: true });
    if (added) process.stderr.write(`compare: removed the worktree of ${ref} (${tree})\n`);
  };
  // An interruption during an install or build stops that step, whose failure then removes the worktree below; during
  // the sessions nothing is waiting on a process of ours, so the worktree goes at once (the servers end with the bench).
  let running: ChildProcess | undefined;
  let interruption: NodeJS.Signals | undefined;
  const interrupted = (signal: NodeJS.Signals): void => {
    interruption = signal;
    if (running) {
      running.kill(signal);
      return;
    }
    remove();
    process.exit(exitCode(signal));
  };
  const track = (child: ChildProcess | undefined): void => {
    running = child;
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  try {
    process.stderr.write(`compare: checking out ${ref} (${short}) in ${tree}\n`);
    git(['worktree', 'add', '--detach', tree, commit]);
    added = true;
    // Read before the install and build, so that a commit without them fails at once.
    const nodeFlags = nodeFlagsOf(tree, ref);
    const theirLock = join(tree, 'package-lock.json');
    const sameLock = existsSync(theirLock) && readFileSync(theirLock, 'utf8') === readFileSync(join(REPO, 'package-lock.json'), 'utf8');
    if (sameLock && existsSync(join(REPO, 'node_modules'))) {
      process.stderr.write(`compare: ${ref}'s package-lock.json is this checkout's: its node_modules links to ${join(REPO, 'node_modules')}\n`);
      symlinkSync(join(REPO, 'node_modules'), join(tree, 'node_modules'), 'dir');
    } else {
      await step(`installing ${ref}'s dependencies from the npm cache (its package-lock.json differs from this checkout's)`, 'npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], tree, track);
    }
    await step(`building ${ref}`, process.execPath, ['scripts/build.mjs'], tree, track);
    if (!existsSync(join(tree, 'dist/server.js'))) throw new Error(`building ${ref} left no dist/server.js in ${tree}`);
    return await use({ label: `${ref} (${short})`, root: tree, nodeFlags });
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    remove();
    if (interruption) process.exit(exitCode(interruption));
  }
}
