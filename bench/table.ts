// The bench's one table: Fieldwise's figures, the peer's, the ratio, the target and whether it is met.
import type { BareParse } from './bareParse';
import { describeFlags, FLAGS_LEGEND } from './servers';
import { SESSION_LIMITS } from './session';
import { percentile } from './stats';

export interface SideFigures {
  startupMs: number;
  openMs: number;
  editMs: number;
  completion: number[];
  /** Completion times by the depth of the object at the caret (0: the top level of an event). */
  completionByDepth: Record<number, number[]>;
  /** Bytes of each completion answer. */
  completionBytes: number[];
  /** completionItem/resolve times; empty for a server without resolve. */
  resolve: number[];
  hover: number[];
  memoryMb: number;
  /** Errors and warnings after open. */
  problems: number;
  /** Every diagnostic after open, and the bytes of their JSON. */
  diagnostics: number;
  diagnosticBytes: number;
  emptyCompletions: number;
  emptyHovers: number;
}

export interface Summary {
  document: string;
  kind: 'clean' | 'dense';
  format: 'json' | 'yaml';
  bytes: number;
  events: number;
  /** The 1 MB and 5 MB documents, where the ratio targets apply. */
  large: boolean;
  peer: string;
  bare: BareParse;
  ours: SideFigures;
  /** The floor server (bench/floorServer.ts): Node.js and the protocol library holding the document, nothing more. */
  floor: SideFigures;
  theirs: SideFigures & { delayMs: number; openPullMs?: number; openPushMs?: number };
  /** The node flags each side ran with in the runs above. */
  flags: { ours: readonly string[]; peer: readonly string[]; floor: readonly string[] };
  /** Fieldwise started with the peer's node flags, in the same runs (printSameFlags); absent with `--no-same-flags`. */
  sameFlags?: SideFigures;
}

export interface Row {
  document: string;
  measure: string;
  ours: string;
  peer: string;
  ratio: string;
  target: string;
  verdict: string;
  floor: string;
}

export const ms = (v: number): string => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) : 'n/a');
export const mb = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(0)} MB` : 'n/a');
export const ratioOf = (a: number, b: number): number => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : NaN);
export const showRatio = (r: number): string => (Number.isFinite(r) ? `${r.toFixed(2)}` : 'n/a');
const verdict = (ok: boolean | undefined): string => (ok === undefined ? '' : ok ? 'met' : 'MISSED');

const kb = (v: number): string => (Number.isFinite(v) ? `${(v / 1000).toFixed(v >= 10_000 ? 0 : 1)} KB` : 'n/a');

/**
 * The issue's targets (14; clean open and memory replace issue 3's): clean documents open in half the peer's time and
 * edit in a quarter; error-dense ones open within the peer's time and edit in half; completion under 10 ms and within
 * the peer's p95 at every depth; memory at most half the peer's on clean documents (at 1 MB: what Fieldwise adds above
 * the floor, at most half of what the peer adds), at most the peer's on dense ones.
 */
function rows(s: Summary): Row[] {
  const out: Row[] = [];
  const add = (measure: string, ours: string, peer: string, ratio: number, target: string, ok: boolean | undefined, floor = ''): void => {
    const document = out.length === 0 ? `${s.document} (${(s.bytes / 1e6).toFixed(2)} MB, ${s.events} ev.)` : out.length === 1 ? `node flags: ${flagsOf(s)}` : '';
    out.push({ document, measure, ours, peer, ratio: showRatio(ratio), target, verdict: verdict(ok), floor });
  };
  const dense = s.kind === 'dense';
  const peerOpen = s.theirs.openMs - s.theirs.delayMs;
  const peerEdit = s.theirs.editMs - s.theirs.delayMs;
  const openRatio = ratioOf(s.ours.openMs, peerOpen);
  const editRatio = ratioOf(s.ours.editMs, peerEdit);
  const openTarget = dense ? 1 : 0.5;
  const editTarget = dense ? 0.5 : 0.25;
  add('start-up (spawn to initialize result)', ms(s.ours.startupMs), ms(s.theirs.startupMs), ratioOf(s.ours.startupMs, s.theirs.startupMs), '', undefined, ms(s.floor.startupMs));
  if (s.format === 'json') {
    add('open -> diagnostics', ms(s.ours.openMs), `${ms(peerOpen)} (pull ${ms(s.theirs.openPullMs ?? NaN)}, push ${ms(s.theirs.openPushMs ?? NaN)})`,
      openRatio, s.large ? `<= ${openTarget}` : '', s.large ? openRatio <= openTarget : undefined, ms(s.floor.openMs));
  } else {
    add('open -> diagnostics', ms(s.ours.openMs), `${ms(peerOpen)} (${ms(s.theirs.openMs)} - ${s.theirs.delayMs} ms delay)`,
      openRatio, s.large ? `<= ${openTarget}` : '', s.large ? openRatio <= openTarget : undefined, ms(s.floor.openMs));
    if (!dense) {
      const cstRatio = ratioOf(s.ours.openMs, s.bare.baseMs);
      add('open -> diagnostics vs bare yaml CST parse', ms(s.ours.openMs), `CST ${ms(s.bare.baseMs)}`, cstRatio, s.large ? '<= 1.3' : '', s.large ? cstRatio <= 1.3 : undefined);
    }
  }
  add('edit -> diagnostics', ms(s.ours.editMs), ms(peerEdit), editRatio, s.large ? `<= ${editTarget}` : '', s.large ? editRatio <= editTarget : undefined, ms(s.floor.editMs));
  add('diagnostics after open: count | KB', `${s.ours.diagnostics} | ${kb(s.ours.diagnosticBytes)}`, `${s.theirs.diagnostics} | ${kb(s.theirs.diagnosticBytes)}`, ratioOf(s.ours.diagnosticBytes, s.theirs.diagnosticBytes), '', undefined);
  const p50 = percentile(s.ours.completion, 50);
  const emptyC = s.ours.emptyCompletions || s.theirs.emptyCompletions ? ` [empty answers: ${s.ours.emptyCompletions} / ${s.theirs.emptyCompletions}]` : '';
  add(`completion p50 (n=${s.ours.completion.length} / ${s.theirs.completion.length})${emptyC}`, ms(p50), ms(percentile(s.theirs.completion, 50)), ratioOf(p50, percentile(s.theirs.completion, 50)), '', undefined, ms(percentile(s.floor.completion, 50)));
  for (const depth of Object.keys(s.ours.completionByDepth).map(Number)) {
    const ours = s.ours.completionByDepth[depth] ?? [];
    const theirs = s.theirs.completionByDepth[depth] ?? [];
    const p95 = percentile(ours, 95);
    const peer95 = percentile(theirs, 95);
    const where = depth === 0 ? 'top level of an event' : `depth ${depth}`;
    add(`completion p95, ${where} (n=${ours.length} / ${theirs.length})`, ms(p95), ms(peer95), ratioOf(p95, peer95), '< 10 ms, <= peer', p95 < 10 && !(p95 > peer95));
  }
  add('completion answer, median size', kb(percentile(s.ours.completionBytes, 50)), kb(percentile(s.theirs.completionBytes, 50)), ratioOf(percentile(s.ours.completionBytes, 50), percentile(s.theirs.completionBytes, 50)), '', undefined);
  if (s.ours.resolve.length || s.theirs.resolve.length) {
    const r95 = percentile(s.ours.resolve, 95);
    add(`completionItem/resolve p95 (n=${s.ours.resolve.length} / ${s.theirs.resolve.length})`, ms(r95), ms(percentile(s.theirs.resolve, 95)), ratioOf(r95, percentile(s.theirs.resolve, 95)), s.ours.resolve.length ? '< 10 ms' : '', s.ours.resolve.length ? r95 < 10 : undefined);
  }
  const h50 = percentile(s.ours.hover, 50);
  const h95 = percentile(s.ours.hover, 95);
  const emptyH = s.ours.emptyHovers || s.theirs.emptyHovers ? ` [empty answers: ${s.ours.emptyHovers} / ${s.theirs.emptyHovers}]` : '';
  add(`hover p50 (n=${s.ours.hover.length} / ${s.theirs.hover.length})${emptyH}`, ms(h50), ms(percentile(s.theirs.hover, 50)), ratioOf(h50, percentile(s.theirs.hover, 50)), '', undefined, ms(percentile(s.floor.hover, 50)));
  add('hover p95', ms(h95), ms(percentile(s.theirs.hover, 95)), ratioOf(h95, percentile(s.theirs.hover, 95)), '< 10 ms', h95 < 10, ms(percentile(s.floor.hover, 95)));
  const memRatio = ratioOf(s.ours.memoryMb, s.theirs.memoryMb);
  if (dense) {
    add('peak memory (VmHWM)', mb(s.ours.memoryMb), mb(s.theirs.memoryMb), memRatio, '<= 1', memRatio <= 1, mb(s.floor.memoryMb));
  } else if (s.bytes >= 3e6) {
    add('peak memory (VmHWM)', mb(s.ours.memoryMb), mb(s.theirs.memoryMb), memRatio, '<= 0.5', memRatio <= 0.5, mb(s.floor.memoryMb));
  } else {
    add('peak memory (VmHWM)', mb(s.ours.memoryMb), mb(s.theirs.memoryMb), memRatio, '', undefined, mb(s.floor.memoryMb));
    const above = ratioOf(s.ours.memoryMb - s.floor.memoryMb, s.theirs.memoryMb - s.floor.memoryMb);
    add('peak memory above the floor', mb(s.ours.memoryMb - s.floor.memoryMb), mb(s.theirs.memoryMb - s.floor.memoryMb), above, s.large ? '<= 0.5' : '', s.large ? above <= 0.5 : undefined);
  }
  add('errors + warnings found after open', String(s.ours.problems), String(s.theirs.problems), NaN, '', undefined);
  if (s.format === 'json') {
    add('bare parse: JSON.parse | Fieldwise adapter', ms(s.bare.baseMs), ms(s.bare.fieldwiseMs), NaN, '', undefined);
  } else {
    add('bare parse: yaml CST | parseAllDocuments', ms(s.bare.baseMs), ms(s.bare.documentMs ?? NaN), NaN, '', undefined);
    add('bare parse: Fieldwise adapter', ms(s.bare.fieldwiseMs), '', NaN, '', undefined);
  }
  return out;
}

/** The sides' node flags, sides with the same flags named together: `fieldwise, floor: tuned; json-ls: none`. */
function flagsOf(s: Summary): string {
  const groups = new Map<string, string[]>();
  for (const [side, flags] of [['fieldwise', s.flags.ours], ['floor', s.flags.floor], [s.peer, s.flags.peer]] as const) {
    const name = describeFlags(flags);
    groups.set(name, [...(groups.get(name) ?? []), side]);
  }
  return [...groups].map(([name, sides]) => `${sides.join(', ')}: ${name}`).join('; ');
}

/**
 * Lays out a table: the columns in `header`'s order, those in `right` right-aligned, a rule under the header and between
 * blocks. A block is one or more rows with the first column filled (a document's name, then its notes such as its node
 * flags) and the rows after them with it empty.
 */
export function layout<K extends string>(header: Record<K, string>, rows: ReadonlyArray<Record<K, string>>, right: readonly K[]): string[] {
  const cols = Object.keys(header) as K[];
  const widths = new Map(cols.map((c) => [c, Math.max(header[c].length, ...rows.map((r) => r[c].length))]));
  const line = (r: Record<K, string>): string => cols.map((c) => (right.includes(c) ? r[c].padStart(widths.get(c)!) : r[c].padEnd(widths.get(c)!))).join(' | ').trimEnd();
  const rule = cols.map((c) => '-'.repeat(widths.get(c)!)).join('-|-');
  const out: string[] = [line(header), rule];
  rows.forEach((r, i) => {
    if (i > 0 && r[cols[0]] !== '' && rows[i - 1][cols[0]] === '') out.push(rule);
    out.push(line(r));
  });
  return out;
}

export interface TableContext {
  runs: number;
  cores: number;
  loadBefore: number;
  loadAfter: number;
  minutes: number;
}

/** `extra`: further rows after the documents' (bench/pipeline.ts, bench/mapping.ts). */
export function printTable(summaries: Summary[], ctx: TableContext, extra: Row[] = []): void {
  const all = [...summaries.flatMap(rows), ...extra];
  const header: Row = { document: 'document', measure: 'measure (ms unless noted)', ours: 'fieldwise', peer: 'peer', ratio: 'ratio', target: 'target', verdict: 'verdict', floor: 'floor*' };
  const out = layout(header, all, ['ours', 'peer', 'ratio', 'floor']);
  const met = all.filter((r) => r.verdict === 'met').length;
  const missed = all.filter((r) => r.verdict === 'MISSED').length;
  out.push('');
  out.push(`Targets (issue 14): ${met} met, ${missed} missed. ratio = fieldwise / peer; peers: VS Code's JSON server (vscode-langservers-extracted 4.10) for JSON, ` +
    'yaml-language-server 1.25 for YAML, both with the schema of `fieldwise fields --format json-schema`.');
  out.push('* floor: context, not a target: a Node.js language server that only holds the document (bench/floorServer.ts: ' +
    'vscode-languageserver over stdio, TextDocuments with incremental sync, nothing parsed, one fixed diagnostic per version, ' +
    'empty completion and hover), started with the same node flags as Fieldwise; what any Node.js LSP server pays before doing any work.');
  out.push(`${FLAGS_LEGEND}${summaries.some((s) => s.sameFlags) ? ' The same flags for every server: the table after this one.' : ''}`);
  out.push(`Probes: every server gets the same budget, each kind of probe stopping after ${SESSION_LIMITS.probeBudgetMs / 1000} s once ${SESSION_LIMITS.minProbes} are done (n = the probes answered).`);
  out.push("JSON peer: its better figure of pull (no debounce) and push (500 ms debounce); yaml-ls: its figure minus its fixed 200 ms validation delay.");
  out.push(`Medians of ${ctx.runs} runs (fresh server each run); p50/p95 over all probes of all runs. ${ctx.cores} cores; ` +
    `load average ${ctx.loadBefore.toFixed(1)} before, ${ctx.loadAfter.toFixed(1)} after; ${ctx.minutes.toFixed(1)} minutes.`);
  if (Math.max(ctx.loadBefore, ctx.loadAfter) > ctx.cores) {
    out.push(`WARNING: the machine was busy (load above ${ctx.cores}); every figure is inflated, the ratios less so.`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

/**
 * The like-for-like rows (issue 30): per document, Fieldwise with its own flags (as in the table), Fieldwise with the
 * peer's flags, and the peer, all from the same runs; ratios to the peer as in the table.
 */
export function printSameFlags(summaries: Summary[]): void {
  const header = { document: 'document', server: 'server: node flags', open: 'open -> diagnostics', edit: 'edit -> diagnostics', completion: 'completion p95', memory: 'peak memory (VmHWM)' };
  const rows: Array<typeof header> = [];
  for (const s of summaries) {
    if (!s.sameFlags) continue;
    const peer = { ...s.theirs, openMs: s.theirs.openMs - s.theirs.delayMs, editMs: s.theirs.editMs - s.theirs.delayMs };
    const withRatio = (text: string, v: number, peerValue: number, ratio: boolean): string => (ratio ? `${text} (${showRatio(ratioOf(v, peerValue))})` : text);
    const line = (document: string, server: string, f: SideFigures, ratio: boolean): typeof header => ({
      document, server,
      open: withRatio(ms(f.openMs), f.openMs, peer.openMs, ratio),
      edit: withRatio(ms(f.editMs), f.editMs, peer.editMs, ratio),
      completion: withRatio(ms(percentile(f.completion, 95)), percentile(f.completion, 95), percentile(peer.completion, 95), ratio),
      memory: withRatio(mb(f.memoryMb), f.memoryMb, peer.memoryMb, ratio),
    });
    rows.push(
      line(s.document, `fieldwise: ${describeFlags(s.flags.ours)}`, s.ours, true),
      line('', `fieldwise: ${describeFlags(s.flags.peer)}`, s.sameFlags, true),
      line('', `${s.peer}: ${describeFlags(s.flags.peer)}`, peer, false),
    );
  }
  if (rows.length === 0) return;
  const out = layout(header, rows, ['open', 'edit', 'completion', 'memory']);
  process.stdout.write(`\nEvery server with the same node flags (issue 30): Fieldwise also started with the peer's flags, alternating with the others in the
same runs; ms unless noted, (ratio) = that line / the peer's, the peer's figures as in the table (yaml-ls minus its delay), completion
p95 over every depth. The first line of each document is Fieldwise with its own flags, from the table.
${out.join('\n')}
`);
}
