// `fieldwise check --shard K/N`: a deterministic share of the files for one job of a CI matrix. Files are dealt out
// in units that stay together (a package's files, so checks across a package's files see them all; any other file
// alone), the largest units first, each to the share with the fewest bytes so far. Every job of the matrix computes
// the same deal from the same tree, so the N shares cover every file exactly once.
import { UsageError } from './io';

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

/** The CI systems whose parallel jobs say their share in variables: the index's variable, the count's, and the first index. */
const CI_VARIABLES: ReadonlyArray<{ system: string; index: string; total: string; base: 0 | 1 }> = [
  { system: 'GitLab CI (parallel:)', index: 'CI_NODE_INDEX', total: 'CI_NODE_TOTAL', base: 1 },
  { system: 'Buildkite (parallelism:)', index: 'BUILDKITE_PARALLEL_JOB', total: 'BUILDKITE_PARALLEL_JOB_COUNT', base: 0 },
];

/** `K/N` (1 <= K <= N), or `auto` for the share the CI's own variables give. */
export function parseShard(value: string, env: NodeJS.ProcessEnv, usage: string): Shard {
  if (value === 'auto') return shardFromEnv(env, usage);
  const m = /^(\d+)\/(\d+)$/.exec(value);
  if (!m) throw new UsageError(`--shard takes K/N (this job's share K of N, from 1) or auto, not '${value}'`, usage);
  return checked(Number(m[1]), Number(m[2]), `--shard ${value}`, usage);
}

function shardFromEnv(env: NodeJS.ProcessEnv, usage: string): Shard {
  for (const ci of CI_VARIABLES) {
    const index = env[ci.index];
    const total = env[ci.total];
    if (index === undefined && total === undefined) continue;
    const where = `--shard auto (${ci.system}: ${ci.index}=${index ?? ''}, ${ci.total}=${total ?? ''})`;
    if (!/^\d+$/.test(index ?? '') || !/^\d+$/.test(total ?? '')) throw new UsageError(`${where}: both must be whole numbers`, usage);
    return checked(Number(index) + 1 - ci.base, Number(total), where, usage);
  }
  const names = CI_VARIABLES.map((ci) => `${ci.index} and ${ci.total}`).join(', or ');
  throw new UsageError(`--shard auto: no CI variable says this job's share (${names}); give --shard K/N`, usage);
}

function checked(index: number, total: number, where: string, usage: string): Shard {
  if (total < 1 || index < 1 || index > total) throw new UsageError(`${where}: the share must be from 1 to N, and N at least 1`, usage);
  return { index, total };
}

/** One unit dealt to a shard: its files stay together. */
export interface ShardUnit<T> {
  /** Stable across machines (a path relative to the folder the command runs in): breaks ties between equal sizes. */
  key: string;
  bytes: number;
  items: T[];
}

/** The items of `shard`'s share: units by size (largest first, then key), each to the share with the fewest bytes so far. */
export function shareOf<T>(units: ReadonlyArray<ShardUnit<T>>, shard: Shard): T[] {
  const load = new Array<number>(shard.total).fill(0);
  const mine: T[] = [];
  // Each file weighs a byte more than its size, so that empty files are spread too.
  const weight = (unit: ShardUnit<T>): number => unit.bytes + unit.items.length;
  const ordered = [...units].sort((a, b) => weight(b) - weight(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const unit of ordered) {
    let least = 0;
    for (let i = 1; i < load.length; i++) if (load[i] < load[least]) least = i;
    load[least] += weight(unit);
    if (least === shard.index - 1) mine.push(...unit.items);
  }
  return mine;
}

/** Names the share for reports: `shard-2-of-4`. */
export function shardName(shard: Shard): string {
  return `shard-${shard.index}-of-${shard.total}`;
}
