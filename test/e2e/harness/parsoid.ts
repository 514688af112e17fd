// The real Parsoid (version 1 interface) from ../shared/tools/parsoid-v1, started for the wikitext tests.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { run } from '../prerequisites';

export const PARSOID_SCRIPT = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'tools', 'parsoid-v1', 'parsoid.sh');

export interface RunningParsoid {
  url: string;
  stop(): Promise<void>;
}

/** Starts Parsoid with its page-store stand-in (installing it from npm the first time); `home` keeps it apart from other runs. */
export async function startParsoid(home?: string): Promise<RunningParsoid> {
  if (!existsSync(PARSOID_SCRIPT)) {
    throw new Error(`the Parsoid recipe is missing: expected ${PARSOID_SCRIPT} (the shared folder beside the repository)`);
  }
  const env = { ...process.env, ...(home ? { PARSOID_HOME: home } : {}), PARSOID_LIFETIME: '1800' };
  const output = await run('bash', [PARSOID_SCRIPT, 'start'], { env, what: 'parsoid.sh start' });
  const url = /^PARSOID_URL=(\S+)$/m.exec(output)?.[1];
  if (!url) throw new Error(`parsoid.sh start printed no PARSOID_URL:\n${output.slice(-2000)}`);
  return {
    url,
    stop: async () => {
      await run('bash', [PARSOID_SCRIPT, 'stop'], { env, what: 'parsoid.sh stop' });
    },
  };
}
