// The bench's CLI row (issue 29): `fieldwise check` over a generated integrations repository (generateIntegrations.ts:
// at least 300 packages, about 20,000 files of every kind Fieldwise reads), a fresh process per run, at --jobs 1 and at
// the machine's cores, alternating which goes first: files per second, MB per second, CPU time and peak memory (the
// process's maxRSS, all threads), and the speed-up (target on 2 cores: at least 1.7). Then the break-even that decides
// when a run without --jobs stays on one thread (commands/check.ts PARALLEL_MIN_BYTES): the same run on one thread and
// on every core over growing shares of the tree. `npm run bench -- --only cli` runs this row alone; `--cli-packages N`
// makes a smaller tree while developing.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Catalog } from '../server/src/catalog/types';
import { PARALLEL_MIN_BYTES } from '../server/src/cli/commands/check';
import { writeIntegrationsRepository } from './integrationsRepository';
import { REPO } from './servers';
import { median } from './stats';
import type { Row } from './table';

export const CLI_PACKAGES = 320;
/** The speed-up --jobs 2 must reach over --jobs 1 on a 2-core machine. */
const SPEEDUP_TARGET = 1.7;

interface RunFigures {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  code: number;
}

/**
 * One `fieldwise check` in a fresh process. A preloaded script writes the process's own resource usage as it exits
 * (getrusage of the process: every thread's CPU and the peak resident memory), which a parent cannot read of a child.
 */
function runCheck(args: string[], cwd: string, usageFile: string): Promise<RunFigures> {
  const hook = join(usageFile, '..', 'cli-usage-hook.js');
  writeFileSync(hook, `process.on('exit', () => { const u = process.resourceUsage(); require('fs').writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify({ cpu: (u.userCPUTime + u.systemCPUTime) / 1000, rss: u.maxRSS / 1024 })); });\n`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--require', hook, join(REPO, 'dist/cli.js'), 'check', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0 && code !== 1) return reject(new Error(`fieldwise check ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { cpu: number; rss: number };
      resolve({ wallMs, cpuMs: usage.cpu, maxRssMb: usage.rss, code: code ?? -1 });
    });
  });
}

export interface CliOptions {
  runs: number;
  packages: number;
}

export async function benchCli(options: CliOptions, catalog: Catalog, folder: string): Promise<Row[]> {
  const tree = join(folder, 'cli-repository');
  const started = performance.now();
  const made = writeIntegrationsRepository(tree, catalog, { packages: options.packages });
  const roles = Object.entries(made.byRole).map(([role, n]) => `${n} ${role}`).join(', ');
  process.stderr.write(`integrations tree: ${made.packages} packages, ${made.dataStreams} data streams, ${made.files} files, ${(made.bytes / 1e6).toFixed(0)} MB ` +
    `(${roles}), written in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  const cores = availableParallelism();
  const usage = join(folder, 'cli-usage.json');
  const jobs = [1, cores];
  const figures = new Map<number, RunFigures[]>(jobs.map((j) => [j, []]));
  for (let run = 0; run < options.runs; run++) {
    const order = run % 2 === 0 ? jobs : [...jobs].reverse();
    for (const j of order) {
      const f = await runCheck(['--format', 'json', '--no-progress', '--jobs', String(j), 'packages'], tree, usage);
      figures.get(j)!.push(f);
      process.stderr.write(`  fieldwise check --jobs ${j}, run ${run + 1}: ${(f.wallMs / 1000).toFixed(1)} s, ${(made.files / (f.wallMs / 1000)).toFixed(0)} files/s, ` +
        `CPU ${(f.cpuMs / 1000).toFixed(1)} s, peak ${f.maxRssMb.toFixed(0)} MB\n`);
    }
  }
  const breakEven = await measureBreakEven(tree, usage, cores);
  rmSync(tree, { recursive: true, force: true });
  const m = (j: number, pick: (f: RunFigures) => number): number => median(figures.get(j)!.map(pick));
  const rate = (j: number): number => made.files / (m(j, (f) => f.wallMs) / 1000);
  const speedup = rate(cores) / rate(1);
  const row = (measure: string, ours: string, peer = '', ratio = '', target = '', verdict = ''): Row => ({ document: '', measure, ours, peer, ratio, target, verdict, floor: '' });
  const rows: Row[] = [
    row(`files per second: --jobs ${cores} (ours) against --jobs 1 (peer column)`, rate(cores).toFixed(0), rate(1).toFixed(0), speedup.toFixed(2),
      cores === 2 ? `>= ${SPEEDUP_TARGET}` : `(${SPEEDUP_TARGET} on 2 cores)`, cores === 2 ? (speedup >= SPEEDUP_TARGET ? 'met' : 'MISSED') : ''),
    row('wall time, s', (m(cores, (f) => f.wallMs) / 1000).toFixed(1), (m(1, (f) => f.wallMs) / 1000).toFixed(1)),
    row('MB per second', (made.bytes / 1e6 / (m(cores, (f) => f.wallMs) / 1000)).toFixed(1), (made.bytes / 1e6 / (m(1, (f) => f.wallMs) / 1000)).toFixed(1)),
    row('CPU time (all threads), s', (m(cores, (f) => f.cpuMs) / 1000).toFixed(1), (m(1, (f) => f.cpuMs) / 1000).toFixed(1), (m(cores, (f) => f.cpuMs) / m(1, (f) => f.cpuMs)).toFixed(2)),
    row('peak memory (maxRSS, all threads)', `${m(cores, (f) => f.maxRssMb).toFixed(0)} MB`, `${m(1, (f) => f.maxRssMb).toFixed(0)} MB`, (m(cores, (f) => f.maxRssMb) / m(1, (f) => f.maxRssMb)).toFixed(2)),
    row(`break-even: the smallest share of the tree that ${cores} threads check sooner than one (PARALLEL_MIN_BYTES: ${(PARALLEL_MIN_BYTES / 1e6).toFixed(1)} MB)`, breakEven.found),
    ...breakEven.steps.map((step) => row('  one thread / every core, best of 3', step)),
  ];
  rows[0].document = `fieldwise check, ${made.packages} packages, ${made.files} files, ${(made.bytes / 1e6).toFixed(0)} MB`;
  rows[1].document = `${cores} cores; medians of ${options.runs} runs`;
  return rows;
}

/**
 * Wall time on one thread and on every core over growing shares of the tree (its first files in path order, listed
 * with --files-from), best of three each; the smallest share at which every core wins decides PARALLEL_MIN_BYTES.
 */
async function measureBreakEven(tree: string, usage: string, cores: number): Promise<{ found: string; steps: string[] }> {
  if (cores < 2) return { found: 'n/a (1 core)', steps: [] };
  const files = filesUnder(tree, 'packages');
  const total = files.reduce((n, f) => n + f.bytes, 0);
  const list = join(tree, '..', 'cli-break-even.txt');
  const steps: string[] = [];
  let found = '';
  for (const target of [0.5e6, 1e6, 2e6, 4e6, 8e6, 16e6, 32e6].filter((t) => t <= total)) {
    const share: string[] = [];
    let bytes = 0;
    for (const f of files) {
      if (bytes >= target) break;
      share.push(f.path);
      bytes += f.bytes;
    }
    writeFileSync(list, `${share.join('\n')}\n`);
    const best = async (jobs: number): Promise<number> => {
      const times: number[] = [];
      for (let k = 0; k < 3; k++) times.push((await runCheck(['--format', 'json', '--no-progress', '--jobs', String(jobs), '--files-from', list], tree, usage)).wallMs);
      return Math.min(...times);
    };
    const one = await best(1);
    const all = await best(cores);
    const mb = `${(bytes / 1e6).toFixed(1)} MB`;
    steps.push(`${mb} (${share.length} files): ${one.toFixed(0)} / ${all.toFixed(0)} ms`);
    process.stderr.write(`  break-even: ${mb}, ${share.length} files: --jobs 1 ${one.toFixed(0)} ms, --jobs ${cores} ${all.toFixed(0)} ms\n`);
    if (!found && all < one) found = mb;
  }
  return { found: found || 'not reached', steps };
}

/** The files below `folder` of the tree with their sizes, in path order (a folder walk's). */
function filesUnder(tree: string, folder: string): Array<{ path: string; bytes: number }> {
  const out: Array<{ path: string; bytes: number }> = [];
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, `${rel}/${entry.name}`);
      else out.push({ path: `${rel}/${entry.name}`, bytes: statSync(path).size });
    }
  };
  walk(join(tree, folder), folder);
  return out;
}
