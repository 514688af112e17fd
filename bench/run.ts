// `npm run bench`: Fieldwise's language server against VS Code's JSON language server and yaml-language-server on
// the same generated event documents (about 100 KB, 1 MB and 5 MB; JSON and the same events as YAML; clean ones, and
// error-dense ones at 1 MB and 5 MB, see generate.ts), all over
// stdio, plus the bare parse of each document and, for context, the "floor" (floorServer.ts: a Node.js language server
// that only holds the document); prints one table with the ratios against the targets, then the first and the warm
// in-process checks of each document (warmup.ts: how much of a first open is the JIT warming up), then the memory of
// long typing sessions at 100 KB and 1 MB (longSession.ts), large inputs (largeInputs.ts) and the figures behind the
// tests' clock-free bounds (responsiveness.ts).
// Options: --runs N (default 3), --sizes 100k,1m,5m, --only clean|dense|pipeline|mapping|logstash|beats|large|long|workspace|cli|responsiveness
// (one kind of document; workspace: the integrations-sized workspace alone, integrationsWorkspace.ts, --packages N
// (default 400); cli: `fieldwise check` over a generated integrations repository, cli.ts, --cli-packages N (default 320);
// pipeline.ts, mapping.ts, logstash.ts, beats.ts; large: the large inputs alone, largeInputs.ts; long: the long sessions alone,
// longSession.ts, of the formats given; responsiveness: responsiveness.ts alone), --formats json,yaml,
// --no-warmup (skip the in-process rounds), --no-same-flags (skip
// Fieldwise started with the peers' node flags, table.ts printSameFlags), --profile (CPU profile
// of Fieldwise on the largest documents), --compare REF (instead of the table: REF's build against this checkout's on
// the clean, dense and pipeline documents of --only, --sizes and --formats, compare.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bareParse, BareParse } from './bareParse';
import { BenchDocument, benchDocument, BenchFormat, BenchKind, PROBE_DEPTHS } from './generate';
import { loadCatalog } from '../server/src/catalog';
import type { Catalog } from '../server/src/catalog/types';
import { profileFieldwise } from './profile';
import { runLongSessions } from './longSession';
import { runLargeInputs } from './largeInputs';
import { runResponsiveness } from './responsiveness';
import { buildFloorServer, bundleBenchScript, fieldwise, floorServer, jsonServer, PEER_FLAGS, REPO, ServerSetup, yamlServer } from './servers';
import { SERVER_EXEC_ARGV } from '../client/src/serverFlags';
import { runSession, SESSION_LIMITS, SessionFigures, SessionOptions } from './session';
import { printSameFlags, printTable, SideFigures, Summary } from './table';
import { median } from './stats';
import { benchBeats } from './beats';
import { benchMapping } from './mapping';
import { benchLogstash } from './logstash';
import { benchPipeline, benchPipelineDocument } from './pipeline';
import { ComparedDocument, runCompare } from './compare';
import { benchIntegrations, integrationsRows } from './integrationsWorkspace';
import { benchCli, CLI_PACKAGES } from './cli';

const OUT = join(REPO, 'bench/out');
const DOCS = join(OUT, 'docs');

interface Options {
  runs: number;
  sizes: Array<[label: string, bytes: number]>;
  kinds: BenchKind[];
  /** The pipeline row (bench/pipeline.ts). */
  pipeline: boolean;
  /** The large inputs (bench/largeInputs.ts). */
  large: boolean;
  /** The mapping row (bench/mapping.ts). */
  mapping: boolean;
  /** The Logstash rows (bench/logstash.ts). */
  logstash: boolean;
  /** The Beats row (bench/beats.ts). */
  beats: boolean;
  /** The long sessions alone (bench/longSession.ts); they also run after the table of clean or dense documents. */
  long: boolean;
  /** The figures behind the tests' clock-free bounds (bench/responsiveness.ts). */
  responsiveness: boolean;
  /** The integrations-sized workspace (bench/integrationsWorkspace.ts), of `packages` packages. */
  workspace: boolean;
  packages: number;
  /** The CLI row (bench/cli.ts) and the packages of its generated tree. */
  cli: boolean;
  cliPackages: number;
  formats: BenchFormat[];
  warmup: boolean;
  profile: boolean;
  /** Fieldwise also started with the peers' node flags, beside the table's sessions (printSameFlags). */
  sameFlags: boolean;
  /** The git ref whose build `--compare` sets against this checkout's (compare.ts). */
  compare?: string;
}

/** Error-dense documents are measured from 1 MB up only (the issue's 1 MB and 5 MB): 100 KB of them says nothing new. */
const DENSE_MIN_BYTES = 1_000_000;

function options(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const all: Record<string, number> = { '100k': 100_000, '1m': 1_000_000, '5m': 5_000_000 };
  const sizes = (value('--sizes') ?? '100k,1m,5m').split(',').map((s): [string, number] => {
    const bytes = all[s.toLowerCase()];
    if (!bytes) throw new Error(`--sizes: unknown size '${s}' (use 100k, 1m, 5m)`);
    return [s.toUpperCase().replace('K', ' KB').replace('M', ' MB'), bytes];
  });
  const runs = Number(value('--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number of at least 1');
  const list = <T extends string>(name: string, all: readonly T[]): T[] => {
    const given = value(name)?.split(',') ?? [...all];
    for (const g of given) if (!all.includes(g as T)) throw new Error(`${name}: unknown '${g}' (use ${all.join(', ')})`);
    return given as T[];
  };
  const compare = value('--compare');
  if (argv.includes('--compare') && (compare === undefined || compare.startsWith('--'))) throw new Error('--compare: a git ref (branch, tag or commit) to compare this checkout with');
  const comparable = ['clean', 'dense', 'pipeline'] as const;
  const only = compare !== undefined
    ? list<BenchKind | 'pipeline'>('--only', comparable)
    : list<BenchKind | 'pipeline' | 'mapping' | 'logstash' | 'beats' | 'large' | 'long' | 'workspace' | 'cli' | 'responsiveness'>('--only', ['clean', 'dense', 'pipeline', 'mapping', 'logstash', 'beats', 'large', 'long', 'workspace', 'cli', 'responsiveness']);
  const packages = Number(value('--packages') ?? 400);
  if (!Number.isInteger(packages) || packages < 1) throw new Error('--packages: a whole number of at least 1');
  const cliPackages = Number(value('--cli-packages') ?? CLI_PACKAGES);
  if (!Number.isInteger(cliPackages) || cliPackages < 1) throw new Error('--cli-packages: a whole number of at least 1');
  const named = only as readonly string[];
  return {
    runs, sizes, kinds: only.filter((k): k is BenchKind => k === 'clean' || k === 'dense'), pipeline: only.includes('pipeline'), mapping: only.includes('mapping'), logstash: named.includes('logstash'), beats: named.includes('beats'), large: only.includes('large'), long: only.includes('long'), workspace: named.includes('workspace'), packages, cli: named.includes('cli'), cliPackages, responsiveness: named.includes('responsiveness'), formats: list<BenchFormat>('--formats', ['json', 'yaml']),
    warmup: !argv.includes('--no-warmup'), profile: argv.includes('--profile'),
    sameFlags: !argv.includes('--no-same-flags'), compare,
  };
}

/** The JSON Schema the peers validate with: exactly what `fieldwise fields --format json-schema` prints. */
function peerSchema(): string {
  let schema: string;
  try {
    schema = execFileSync(process.execPath, [join(REPO, 'dist/cli.js'), 'fields', '--format', 'json-schema'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (error) {
    throw new Error(`'node dist/cli.js fields --format json-schema' failed, so the peers have no schema: ${(error as Error).message}`, { cause: error });
  }
  const file = join(OUT, 'schema.json');
  writeFileSync(file, schema);
  return pathToFileURL(file).href;
}

/** Every server's sessions: the same probe budget for all (SESSION_LIMITS). */
function sessionOptions(probes: boolean): SessionOptions {
  return { ...SESSION_LIMITS, probes };
}

/** `--compare`: the documents of --only, --sizes and --formats, each the same as the table's. */
async function compare(ref: string, opts: Options, catalog: Catalog): Promise<void> {
  const documents: ComparedDocument[] = opts.formats.flatMap((format) => documentsOf(opts).map(([kind, label, bytes]): ComparedDocument => ({
    doc: benchDocument(format, sizeKey(label), bytes, 99, bytes, kind, catalog),
    label: `${format.toUpperCase()} ${kind === 'dense' ? 'dense ' : ''}${label}`,
  })));
  if (opts.pipeline) documents.push({ doc: benchPipelineDocument(catalog), label: 'JSON pipeline 1 MB' });
  await runCompare(ref, documents, opts.runs, DOCS);
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  mkdirSync(DOCS, { recursive: true });
  const loadBefore = loadavg()[0];
  const started = Date.now();
  const catalog = loadCatalog();
  if (opts.compare !== undefined) return compare(opts.compare, opts, catalog);
  if (opts.workspace) {
    const figures = await benchIntegrations(opts.runs, join(OUT, 'integrations'), opts.packages, catalog);
    process.stdout.write(`${integrationsRows(figures).join('\n')}\n`);
    if (!opts.pipeline && !opts.mapping && !opts.logstash && !opts.cli && opts.kinds.length === 0 && !opts.long && !opts.large && !opts.responsiveness) return;
  }
  const kindRowsAfter = [
    ...(opts.pipeline ? await benchPipeline(opts.runs, catalog, DOCS) : []),
    ...(opts.mapping ? await benchMapping(opts.runs, catalog, DOCS) : []),
    ...(opts.logstash ? await benchLogstash(opts.runs, catalog, DOCS) : []),
    ...(opts.beats ? await benchBeats(opts.runs, catalog, DOCS) : []),
    ...(opts.cli ? await benchCli({ runs: Math.min(opts.runs, 3), packages: opts.cliPackages }, catalog, OUT) : []),
  ];
  if (opts.kinds.length === 0) {
    if (kindRowsAfter.length > 0 || !(opts.long || opts.responsiveness)) printTable([], { runs: opts.runs, cores: cpus().length, loadBefore, loadAfter: loadavg()[0], minutes: (Date.now() - started) / 60000 }, kindRowsAfter);
    if (opts.long) await runLongSessions(longSizes(opts), DOCS, opts.formats);
    if (opts.large) await runLargeInputs(DOCS);
    if (opts.responsiveness) await runResponsiveness();
    return opts.profile ? profileFieldwise([benchPipelineDocument(catalog)], DOCS) : undefined;
  }
  const schemaUri = peerSchema();
  buildFloorServer();
  const summaries: Summary[] = [];
  for (const format of opts.formats) {
    for (const [kind, label, bytes] of documentsOf(opts)) {
      const doc = benchDocument(format, sizeKey(label), bytes, 99, bytes, kind, catalog);
      writeFileSync(join(DOCS, doc.name), doc.text);
      process.stderr.write(`${doc.name}: ${(doc.text.length / 1e6).toFixed(2)} MB, ${doc.events} events, ${doc.injected.join('; ')}\n`);
      const bare = bareParse(doc, opts.runs);
      const ours = fieldwise();
      // The like-for-like rows (printSameFlags): Fieldwise with the peers' flags, in the same runs.
      const sameFlags = opts.sameFlags ? [fieldwise({ nodeFlags: PEER_FLAGS })] : [];
      const peers = format === 'json' ? [jsonServer(schemaUri, true), jsonServer(schemaUri, false)] : [yamlServer(schemaUri)];
      const floor = floorServer();
      const setups = [ours, ...sameFlags, floor, ...peers];
      const runs = new Map<string, SessionFigures[]>(setups.map((s) => [s.name, []]));
      for (let run = 0; run < opts.runs; run++) {
        for (const setup of setups) {
          // The JSON server's push setup only adds its diagnostics timing; its completion and hover are the same server's.
          const probes = setup.name !== 'json-ls (push)';
          const figures = await runSession(setup, doc, DOCS, sessionOptions(probes));
          runs.get(setup.name)!.push(figures);
          process.stderr.write(`  ${setup.name.padEnd(28)} run ${run + 1}: open ${figures.openMs.toFixed(0)} ms, edit ${figures.editMs.toFixed(0)} ms, ` +
            `${figures.diagnosticsAfterOpen} diagnostics (${(figures.diagnosticBytes / 1e3).toFixed(0)} KB), ` +
            `${figures.completionMs.length} completions, ${figures.resolveMs.length} resolves, ${figures.hoverMs.length} hovers, ${figures.memoryMb.toFixed(0)} MB\n`);
        }
      }
      summaries.push(summarize(doc, label, bare, runs, { ours, sameFlags: sameFlags[0], floor, peer: peers[0] }));
    }
  }
  const loadAfter = loadavg()[0];
  printTable(summaries, { runs: opts.runs, cores: cpus().length, loadBefore, loadAfter, minutes: (Date.now() - started) / 60000 }, kindRowsAfter);
  printSameFlags(summaries);
  writeFileSync(join(OUT, 'results.json'), JSON.stringify(summaries, null, 2));
  if (opts.warmup) printWarmup(opts);
  await runLongSessions(longSizes(opts), DOCS, opts.formats);
  if (opts.large) await runLargeInputs(DOCS);
  if (opts.responsiveness) await runResponsiveness();
  if (opts.profile) await profileFieldwise(summaries.length > 0 ? largest(opts, catalog) : [], DOCS);
}

/** The long sessions run at 100 KB and 1 MB only: 2,000 edits at 5 MB take longer than the rest of the bench. */
function longSizes(opts: Options): Array<[string, number]> {
  return opts.sizes.filter(([, bytes]) => bytes <= 1_000_000);
}

/** The documents of the run, by kind then size: clean ones at every size, dense ones at 1 MB and 5 MB. */
function documentsOf(opts: Options): Array<[BenchKind, string, number]> {
  return opts.kinds.flatMap((kind) => opts.sizes
    .filter(([, bytes]) => kind === 'clean' || bytes >= DENSE_MIN_BYTES)
    .map(([label, bytes]): [BenchKind, string, number] => [kind, label, bytes]));
}

const sizeKey = (label: string): string => label.replace(' ', '').toLowerCase();

const WARMUP_ROUNDS = 5;

/** Each document's open path in a fresh process, WARMUP_ROUNDS times (warmup.ts): the first round cold, then warm. */
function printWarmup(opts: Options): void {
  const script = bundleBenchScript('warmup');
  const rows: string[] = [];
  for (const format of opts.formats) {
    for (const [kind, label, bytes] of documentsOf(opts)) {
      const args = [...SERVER_EXEC_ARGV, script, format, sizeKey(label), String(bytes), String(WARMUP_ROUNDS), kind];
      const { roundsMs } = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as { roundsMs: number[] };
      const cold = roundsMs[0];
      // The best later round: the JIT has had a document to warm up on, and noise only ever adds.
      const warm = Math.min(...roundsMs.slice(1));
      rows.push(`${`${format.toUpperCase()} ${kind === 'dense' ? 'dense ' : ''}${label}`.padEnd(18)} | ${roundsMs.map((ms) => ms.toFixed(0).padStart(5)).join(' | ')} | ${(cold / warm).toFixed(1).padStart(4)}`);
    }
  }
  const rounds = Array.from({ length: WARMUP_ROUNDS }, (_, i) => `${`r${i + 1}`.padStart(5)}`).join(' | ');
  process.stdout.write(`\nIn-process open path (split, parse, check in batches; no protocol, no transfer), ms: a fresh process per line,
r1 = the bench's document cold, r2-r${WARMUP_ROUNDS} = other documents of the same size and shape; cold/warm = r1 / the fastest of r2-r${WARMUP_ROUNDS}.
${'document'.padEnd(18)} | ${rounds} | cold/warm
${rows.join('\n')}
`);
}

function largest(opts: Options, catalog: Catalog): BenchDocument[] {
  const [label, bytes] = opts.sizes[opts.sizes.length - 1];
  const kind = opts.kinds[opts.kinds.length - 1];
  return opts.formats.map((f) => benchDocument(f, sizeKey(label), bytes, 99, bytes, kind, catalog));
}

/** Medians of the runs' scalar figures; latencies pooled over all runs. */
function side(list: SessionFigures[]): SideFigures {
  const scalar = (pick: (f: SessionFigures) => number): number => median(list.map(pick));
  return {
    startupMs: scalar((f) => f.startupMs),
    openMs: scalar((f) => f.openMs),
    editMs: scalar((f) => f.editMs),
    completion: list.flatMap((f) => f.completionMs),
    completionByDepth: byDepth(list),
    completionBytes: list.flatMap((f) => f.completionBytes),
    resolve: list.flatMap((f) => f.resolveMs),
    hover: list.flatMap((f) => f.hoverMs),
    memoryMb: scalar((f) => f.memoryMb),
    problems: scalar((f) => f.errorsAfterOpen),
    diagnostics: scalar((f) => f.diagnosticsAfterOpen),
    diagnosticBytes: scalar((f) => f.diagnosticBytes),
    emptyCompletions: list.reduce((n, f) => n + f.emptyCompletions, 0),
    emptyHovers: list.reduce((n, f) => n + f.emptyHovers, 0),
  };
}

function byDepth(list: SessionFigures[]): Record<number, number[]> {
  return Object.fromEntries(PROBE_DEPTHS.map((d) => [d, list.flatMap((f) => f.completionByDepth[d] ?? [])]));
}

/** The setups of a document's sessions, by their part in the table. */
interface Sides {
  ours: ServerSetup;
  /** Fieldwise with the peers' node flags; none with `--no-same-flags`. */
  sameFlags?: ServerSetup;
  floor: ServerSetup;
  /** The peer's probing setup (the JSON server's pull one). */
  peer: ServerSetup;
}

function summarize(doc: BenchDocument, label: string, bare: BareParse, runs: Map<string, SessionFigures[]>, sides: Sides): Summary {
  const of = (name: string): SessionFigures[] => runs.get(name) ?? [];
  const ours = of(sides.ours.name);
  const floor = of(sides.floor.name);
  const peerName = doc.format === 'json' ? 'json-ls' : 'yaml-ls';
  const probing = doc.format === 'json' ? of('json-ls (pull)') : of('yaml-ls');
  const scalar = (list: SessionFigures[], pick: (f: SessionFigures) => number): number => median(list.map(pick));
  // The peer's better diagnostics figure: JSON pull (no debounce) or push; yaml-ls minus its fixed 200 ms delay.
  const peerOpen = doc.format === 'json'
    ? Math.min(scalar(of('json-ls (pull)'), (f) => f.openMs), scalar(of('json-ls (push)'), (f) => f.openMs))
    : scalar(of('yaml-ls'), (f) => f.openMs);
  const peerEdit = doc.format === 'json'
    ? Math.min(scalar(of('json-ls (pull)'), (f) => f.editMs), scalar(of('json-ls (push)'), (f) => f.editMs))
    : scalar(of('yaml-ls'), (f) => f.editMs);
  const peerDelay = doc.format === 'json' ? 0 : yamlServer('').delayMs;
  const probingSide = side(probing);
  return {
    document: `${doc.format.toUpperCase()} ${doc.kind === 'dense' ? 'dense ' : ''}${label}`,
    kind: doc.kind,
    format: doc.format,
    bytes: doc.text.length,
    events: doc.events,
    large: label !== '100 KB',
    peer: peerName,
    bare,
    ours: side(ours),
    floor: side(floor),
    theirs: {
      ...probingSide,
      openMs: peerOpen,
      editMs: peerEdit,
      delayMs: peerDelay,
      openPullMs: doc.format === 'json' ? scalar(of('json-ls (pull)'), (f) => f.openMs) : undefined,
      openPushMs: doc.format === 'json' ? scalar(of('json-ls (push)'), (f) => f.openMs) : undefined,
      memoryMb: Math.max(...probing.map((f) => f.memoryMb)) > 0 ? scalar(probing, (f) => f.memoryMb) : NaN,
    },
    flags: { ours: sides.ours.nodeFlags, peer: sides.peer.nodeFlags, floor: sides.floor.nodeFlags },
    sameFlags: sides.sameFlags ? side(of(sides.sameFlags.name)) : undefined,
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
