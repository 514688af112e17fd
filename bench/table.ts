// The bench's one table: Fieldwise's figures, the peer's, the ratio, the target and whether it is met.
import type { BareParse } from './bareParse';
import { percentile } from './stats';

export interface SideFigures {
  startupMs: number;
  openMs: number;
  editMs: number;
  completion: number[];
  hover: number[];
  memoryMb: number;
  problems: number;
  emptyCompletions: number;
  emptyHovers: number;
}

export interface Summary {
  document: string;
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
}

interface Row {
  document: string;
  measure: string;
  ours: string;
  peer: string;
  ratio: string;
  target: string;
  verdict: string;
  floor: string;
}

const ms = (v: number): string => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) : 'n/a');
const mb = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(0)} MB` : 'n/a');
const ratioOf = (a: number, b: number): number => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : NaN);
const showRatio = (r: number): string => (Number.isFinite(r) ? `${r.toFixed(2)}` : 'n/a');
const verdict = (ok: boolean | undefined): string => (ok === undefined ? '' : ok ? 'met' : 'MISSED');

function rows(s: Summary): Row[] {
  const out: Row[] = [];
  const add = (measure: string, ours: string, peer: string, ratio: number, target: string, ok: boolean | undefined, floor = ''): void => {
    out.push({ document: out.length === 0 ? `${s.document} (${(s.bytes / 1e6).toFixed(2)} MB, ${s.events} ev.)` : '', measure, ours, peer, ratio: showRatio(ratio), target, verdict: verdict(ok), floor });
  };
  const peerOpen = s.theirs.openMs - s.theirs.delayMs;
  const peerEdit = s.theirs.editMs - s.theirs.delayMs;
  const openRatio = ratioOf(s.ours.openMs, peerOpen);
  const editRatio = ratioOf(s.ours.editMs, peerEdit);
  add('start-up (spawn to initialize result)', ms(s.ours.startupMs), ms(s.theirs.startupMs), ratioOf(s.ours.startupMs, s.theirs.startupMs), '', undefined, ms(s.floor.startupMs));
  if (s.format === 'json') {
    add('open -> diagnostics', ms(s.ours.openMs), `${ms(peerOpen)} (pull ${ms(s.theirs.openPullMs ?? NaN)}, push ${ms(s.theirs.openPushMs ?? NaN)})`,
      openRatio, s.large ? '<= 0.33' : '', s.large ? openRatio <= 1 / 3 : undefined, ms(s.floor.openMs));
  } else {
    add('open -> diagnostics', ms(s.ours.openMs), `${ms(peerOpen)} (${ms(s.theirs.openMs)} - ${s.theirs.delayMs} ms delay)`,
      openRatio, s.large ? '<= 0.5' : '', s.large ? openRatio <= 0.5 : undefined, ms(s.floor.openMs));
    const cstRatio = ratioOf(s.ours.openMs, s.bare.baseMs);
    add('open -> diagnostics vs bare yaml CST parse', ms(s.ours.openMs), `CST ${ms(s.bare.baseMs)}`, cstRatio, s.large ? '<= 1.3' : '', s.large ? cstRatio <= 1.3 : undefined);
  }
  add('edit -> diagnostics', ms(s.ours.editMs), ms(peerEdit), editRatio, s.large ? '<= 0.25' : '', s.large ? editRatio <= 0.25 : undefined, ms(s.floor.editMs));
  for (const [name, ours, theirs, emptyOurs, emptyTheirs, floor] of [
    ['completion', s.ours.completion, s.theirs.completion, s.ours.emptyCompletions, s.theirs.emptyCompletions, s.floor.completion],
    ['hover', s.ours.hover, s.theirs.hover, s.ours.emptyHovers, s.theirs.emptyHovers, s.floor.hover],
  ] as const) {
    const p50 = percentile(ours, 50);
    const p95 = percentile(ours, 95);
    const peer95 = percentile(theirs, 95);
    const empties = emptyOurs || emptyTheirs ? ` [empty answers: ${emptyOurs} / ${emptyTheirs}]` : '';
    add(`${name} p50 (n=${ours.length} / ${theirs.length})${empties}`, ms(p50), ms(percentile(theirs, 50)), ratioOf(p50, percentile(theirs, 50)), '', undefined, ms(percentile(floor, 50)));
    add(`${name} p95`, ms(p95), ms(peer95), ratioOf(p95, peer95), '< 10 ms', p95 < 10, ms(percentile(floor, 95)));
  }
  const memRatio = ratioOf(s.ours.memoryMb, s.theirs.memoryMb);
  add('peak memory (VmHWM)', mb(s.ours.memoryMb), mb(s.theirs.memoryMb), memRatio, s.large ? '<= 0.5' : '', s.large ? memRatio <= 0.5 : undefined, mb(s.floor.memoryMb));
  add('errors + warnings found after open', String(s.ours.problems), String(s.theirs.problems), NaN, '', undefined);
  if (s.format === 'json') {
    add('bare parse: JSON.parse | Fieldwise adapter', ms(s.bare.baseMs), ms(s.bare.fieldwiseMs), NaN, '', undefined);
  } else {
    add('bare parse: yaml CST | parseAllDocuments', ms(s.bare.baseMs), ms(s.bare.documentMs ?? NaN), NaN, '', undefined);
    add('bare parse: Fieldwise adapter', ms(s.bare.fieldwiseMs), '', NaN, '', undefined);
  }
  return out;
}

export interface TableContext {
  runs: number;
  cores: number;
  loadBefore: number;
  loadAfter: number;
  minutes: number;
}

export function printTable(summaries: Summary[], ctx: TableContext): void {
  const all = summaries.flatMap((s) => rows(s).map((r) => ({ ...r, peer: r.peer ? `${r.peer}` : '', peerName: s.peer })));
  const header: Row = { document: 'document', measure: 'measure (ms unless noted)', ours: 'fieldwise', peer: 'peer', ratio: 'ratio', target: 'target', verdict: 'verdict', floor: 'floor*' };
  const cols: Array<keyof Row> = ['document', 'measure', 'ours', 'peer', 'ratio', 'target', 'verdict', 'floor'];
  const width = (c: keyof Row): number => Math.max(header[c].length, ...all.map((r) => r[c].length));
  const line = (r: Row): string => cols.map((c) => (c === 'ours' || c === 'peer' || c === 'ratio' || c === 'floor' ? r[c].padStart(width(c)) : r[c].padEnd(width(c)))).join(' | ');
  const rule = cols.map((c) => '-'.repeat(width(c))).join('-|-');
  const out: string[] = [line(header), rule];
  let last = '';
  for (const r of all) {
    if (r.document && last) out.push(rule);
    if (r.document) last = r.document;
    out.push(line(r));
  }
  const met = all.filter((r) => r.verdict === 'met').length;
  const missed = all.filter((r) => r.verdict === 'MISSED').length;
  out.push('');
  out.push(`Targets: ${met} met, ${missed} missed. ratio = fieldwise / peer; peers: VS Code's JSON server (vscode-langservers-extracted 4.10) for JSON, ` +
    'yaml-language-server 1.25 for YAML, both with the schema of `fieldwise fields --format json-schema`.');
  out.push('* floor: context, not a target: a Node.js language server that only holds the document (bench/floorServer.ts: ' +
    'vscode-languageserver over stdio, TextDocuments with incremental sync, nothing parsed, one fixed diagnostic per version, ' +
    'empty completion and hover), started with the same node flags as Fieldwise; what any Node.js LSP server pays before doing any work.');
  out.push("JSON peer: its better figure of pull (no debounce) and push (500 ms debounce); yaml-ls: its figure minus its fixed 200 ms validation delay.");
  out.push(`Medians of ${ctx.runs} runs (fresh server each run); p50/p95 over all probes of all runs. ${ctx.cores} cores; ` +
    `load average ${ctx.loadBefore.toFixed(1)} before, ${ctx.loadAfter.toFixed(1)} after; ${ctx.minutes.toFixed(1)} minutes.`);
  if (Math.max(ctx.loadBefore, ctx.loadAfter) > ctx.cores) {
    out.push(`WARNING: the machine was busy (load above ${ctx.cores}); every figure is inflated, the ratios less so.`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}
