// Long-session memory: a fresh server per document, a person typing (a letter typed somewhere, then deleted,
// test/fuzz/typing.ts) with diagnostics pulled after every edit; resident memory after edit 2,000 against after
// edit 200, per format and size. Flat memory (within 25%) means nothing is kept per keystroke.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchClient } from './lspClient';
import { benchDocument, BenchFormat } from './generate';
import { fieldwise } from './servers';
import { median } from './stats';
import { malformedYaml, typingEdit } from '../test/fuzz/typing';
import type { Edit } from '../test/fuzz/mutations';

const EDITS = 2000;
const EARLY = 200;
const LIMIT = 1.25;
/** Resident memory is a sawtooth (a 1 MB document's texts wait in V8's large-object space for a full collection): the
 * peak over the last WINDOW edits before each sample says where its top is, context for the two samples. */
const WINDOW = 100;

export interface LongSessionFigure {
  document: string;
  bytes: number;
  earlyMb: number;
  lateMb: number;
  ratio: number;
  /** The highest resident memory over the WINDOW edits up to edit EARLY, and up to edit EDITS. */
  earlyPeakMb: number;
  latePeakMb: number;
  /** The median over the same windows: the middle of the sawtooth, where a single sample can land anywhere. */
  earlyMedianMb: number;
  lateMedianMb: number;
  msPerEdit: number;
}

async function measure(label: string, format: BenchFormat, text: string, folder: string): Promise<LongSessionFigure> {
  const name = `long-${label.replace(/\W+/g, '-')}.${format}`;
  writeFileSync(join(folder, name), text);
  const { client } = await BenchClient.start(fieldwise(), pathToFileURL(folder).href);
  try {
    const uri = pathToFileURL(join(folder, name)).href;
    await client.openToDiagnostics(uri, format, text, 0, 180_000);
    let current = text;
    let edit: Edit | undefined;
    let earlyMb = NaN;
    const earlyWindow: number[] = [];
    const lateWindow: number[] = [];
    let elapsed = 0;
    for (let n = 1; n <= EDITS; n++) {
      edit = typingEdit(current, n, 13, edit);
      const started = performance.now();
      await client.editToDiagnostics(uri, edit.start, edit.end, edit.text, 0, 180_000);
      elapsed += performance.now() - started;
      current = current.slice(0, edit.start) + edit.text + current.slice(edit.end);
      if (n === EARLY) earlyMb = client.residentMemoryMb();
      if (n > EARLY - WINDOW && n <= EARLY) earlyWindow.push(client.residentMemoryMb());
      if (n > EDITS - WINDOW) lateWindow.push(client.residentMemoryMb());
    }
    const lateMb = client.residentMemoryMb();
    return {
      document: label, bytes: text.length, earlyMb, lateMb, ratio: lateMb / earlyMb,
      earlyPeakMb: Math.max(...earlyWindow), latePeakMb: Math.max(...lateWindow),
      earlyMedianMb: median(earlyWindow), lateMedianMb: median(lateWindow), msPerEdit: elapsed / EDITS,
    };
  } finally {
    await client.stop();
  }
}

/** Runs every format of `formats` (YAML: clean and malformed) at every size and prints one table; returns the figures. */
export async function runLongSessions(sizes: ReadonlyArray<[label: string, bytes: number]>, folder: string, formats: readonly BenchFormat[]): Promise<LongSessionFigure[]> {
  const figures: LongSessionFigure[] = [];
  for (const [label, bytes] of sizes) {
    const tag = label.replace(' ', '').toLowerCase();
    const json = benchDocument('json', tag, bytes, 1);
    const yaml = benchDocument('yaml', tag, bytes, 1);
    const sessions = [['JSON', 'json', json.text], ['YAML', 'yaml', yaml.text], ['YAML, malformed', 'yaml', malformedYaml(yaml.text)]] as const;
    for (const [what, format, text] of sessions.filter(([, f]) => formats.includes(f))) {
      const figure = await measure(`${what} ${label}`, format, text, folder);
      process.stderr.write(`  long session ${figure.document}: ${figure.earlyMb.toFixed(0)} MB after edit ${EARLY}, ${figure.lateMb.toFixed(0)} MB after edit ${EDITS}\n`);
      figures.push(figure);
    }
  }
  const rows = figures.map((f) => `${f.document.padEnd(22)} | ${f.earlyMb.toFixed(0).padStart(8)} | ${f.lateMb.toFixed(0).padStart(9)} | ${f.ratio.toFixed(2).padStart(5)} ${f.ratio <= LIMIT ? 'met ' : 'MISS'} | ` +
    `${f.earlyPeakMb.toFixed(0).padStart(8)} | ${f.latePeakMb.toFixed(0).padStart(9)} | ${(f.latePeakMb / f.earlyPeakMb).toFixed(2).padStart(10)} | ` +
    `${(f.lateMedianMb / f.earlyMedianMb).toFixed(2).padStart(12)} | ${f.msPerEdit.toFixed(1).padStart(7)}`);
  process.stdout.write(`\nLong session: ${EDITS} edits (a letter typed, then deleted), diagnostics pulled after each; resident memory (MB), target: edit ${EDITS} within 25% of edit ${EARLY}.
Peaks and medians: the highest and the middle over the ${WINDOW} edits up to each (context: a single sample lands anywhere on the garbage collector's sawtooth).
${'document'.padEnd(22)} | edit ${EARLY} | edit ${EDITS} | ratio       | peak ${EARLY} | peak ${EDITS} | peak ratio | median ratio | ms/edit
${rows.join('\n')}
`);
  return figures;
}
