// The real Parsoid 0.4.1 (../shared/tools/parsoid-v1/parsoid.sh) for integration tests: installed once into the shared
// cache, then one private instance per test file (own run folder and ports), so test files can run in parallel.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../..');
export const PARSOID_DIR = resolve(REPO_ROOT, '../shared/tools/parsoid-v1');
const SCRIPT = join(PARSOID_DIR, 'parsoid.sh');
const INSTALL_TIMEOUT_MS = 11 * 60_000;
const START_TIMEOUT_MS = 120_000;

export interface Parsoid {
  url: string;
  stop(): Promise<void>;
}

/** The page store the stub wiki serves: title => revisions, the last one the latest. */
export type PageStore = Record<string, Array<{ revid: number; text: string }>>;

export function pageStore(): PageStore {
  return JSON.parse(readFileSync(join(PARSOID_DIR, 'pages.json'), 'utf8')) as PageStore;
}

/** Starts a private Parsoid; throws (so the suite fails, never skips) with the script's output when it cannot. */
export async function startParsoid(): Promise<Parsoid> {
  if (!existsSync(SCRIPT)) throw new Error(`Parsoid cannot be started: ${SCRIPT} is missing (expected /work/shared beside the repository)`);
  const shared = process.env.PARSOID_HOME ?? join(homedir(), '.cache', 'parsoid-v1');
  await installOnce(shared);

  const own = mkdtempSync(join(tmpdir(), 'fieldwise-parsoid-'));
  symlinkSync(join(shared, 'node_modules'), join(own, 'node_modules'), 'dir');
  // A lifetime, so an instance whose test process died still goes away by itself.
  const env = { ...process.env, PARSOID_HOME: own, PARSOID_LIFETIME: '1200' };
  const started = await run(['start'], env, START_TIMEOUT_MS);
  const url = /^PARSOID_URL=(\S+)$/m.exec(started.output)?.[1];
  if (started.code !== 0 || !url) {
    await run(['stop'], env, 30_000);
    rmSync(own, { recursive: true, force: true });
    throw new Error(`Parsoid could not be started (parsoid.sh start exited ${started.code}):\n${tail(started.output)}`);
  }
  return {
    url,
    async stop() {
      await run(['stop'], env, 30_000);
      rmSync(own, { recursive: true, force: true });
    },
  };
}

/** `parsoid.sh install` into the shared cache, at most one process at a time (mkdir is atomic). */
async function installOnce(shared: string): Promise<void> {
  const installed = (): boolean => existsSync(join(shared, 'node_modules', 'parsoid', 'package.json'));
  if (installed()) return;
  mkdirSync(resolve(shared, '..'), { recursive: true });
  const lock = `${shared}.install-lock`;
  const deadline = Date.now() + INSTALL_TIMEOUT_MS + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (isStale(lock)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Parsoid could not be installed: ${lock} held for too long by another test process`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    if (installed()) return;
    const result = await run(['install'], { ...process.env, PARSOID_HOME: shared }, INSTALL_TIMEOUT_MS);
    if (result.code !== 0 || !installed()) {
      throw new Error(`Parsoid could not be installed from npm into ${shared} (parsoid.sh install exited ${result.code}):\n${tail(result.output)}`);
    }
  } finally {
    rmSync(join(lock, 'pid'), { force: true });
    rmdirSync(lock);
  }
}

function isStale(lock: string): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs > INSTALL_TIMEOUT_MS + 60_000;
  } catch {
    return false;
  }
}

function run(args: string[], env: NodeJS.ProcessEnv, timeout: number): Promise<{ code: number; output: string }> {
  return new Promise((resolveRun) => {
    execFile('bash', [SCRIPT, ...args], { env, timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolveRun({ code, output: `${stdout}${stderr}` });
    });
  });
}

function tail(text: string): string {
  return text.trim().split('\n').slice(-25).join('\n');
}
