// The real Parsoid 0.4.1 (../shared/tools/parsoid-v1/parsoid.sh) for the integration and end-to-end tests: installed
// once into the tools' cache, then one private instance per caller (own run folder and ports), so test files can run
// in parallel.
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cacheRoot, installOnce, run } from '../e2e/prerequisites';

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
  if (!existsSync(SCRIPT)) throw new Error(`Parsoid cannot be started: ${SCRIPT} is missing (expected the shared folder beside the repository)`);
  const installed = join(cacheRoot(), 'parsoid-v1');
  await installOnce(installed, async (staging) => {
    await run('bash', [SCRIPT, 'install'], { env: { PARSOID_HOME: staging }, timeoutMs: INSTALL_TIMEOUT_MS, what: `parsoid.sh install (into ${installed})` });
    return 'parsoid 0.4.1';
  });

  const own = mkdtempSync(join(tmpdir(), 'fieldwise-parsoid-'));
  symlinkSync(join(installed, 'node_modules'), join(own, 'node_modules'), 'dir');
  // A lifetime, so an instance whose test process died still goes away by itself.
  const env = { PARSOID_HOME: own, PARSOID_LIFETIME: '1800' };
  const stop = async (): Promise<void> => {
    try {
      await run('bash', [SCRIPT, 'stop'], { env, timeoutMs: 30_000, what: 'parsoid.sh stop' });
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  };
  let output: string;
  try {
    output = await run('bash', [SCRIPT, 'start'], { env, timeoutMs: START_TIMEOUT_MS, what: 'parsoid.sh start' });
  } catch (error) {
    await stop();
    throw new Error(`Parsoid could not be started: ${(error as Error).message}`, { cause: error });
  }
  const url = /^PARSOID_URL=(\S+)$/m.exec(output)?.[1];
  if (!url) {
    await stop();
    throw new Error(`Parsoid could not be started: parsoid.sh start printed no PARSOID_URL:\n${output.trim().split('\n').slice(-25).join('\n')}`);
  }
  return { url, stop };
}
