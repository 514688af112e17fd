// `fieldwise check` with a line format on standard output writes each file's findings as its check is done, in the
// report's order (a first run over a large repository has many: the run keeps none after writing them); so does
// json. The whole output equals the report written at once to a file, and the progress line is cleared before findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCommand } from '../../server/src/cli/commands/check';
import type { CliIO } from '../../server/src/cli/io';
import { CheckJsonWriter } from '../../server/src/cli/formats/checkJson';
import type { CheckedFile } from '../../server/src/cli/formats/checkReport';
import fc from 'fast-check';

/** A folder of event documents, each with one wrong value (`event.kind`) on its own line. */
function folderOfEvents(files: number): string {
  const root = mkdtempSync(join(tmpdir(), 'fieldwise-stream-'));
  mkdirSync(join(root, 'events'));
  for (let i = 0; i < files; i++) {
    writeFileSync(join(root, 'events', `e${String(i).padStart(2, '0')}.json`), `{\n  "@timestamp": "2024-05-01T12:00:00Z",\n  "schema": { "version": "1.11.0" },\n  "event": {\n    "kind": "evnt${i}"\n  }\n}\n`);
  }
  return root;
}

interface Written {
  stream: 'stdout' | 'stderr';
  text: string;
}

async function run(args: string[], cwd: string, tty: boolean): Promise<{ code: number; log: Written[] }> {
  const log: Written[] = [];
  let clock = 0;
  const io: CliIO = {
    stdout: (text) => log.push({ stream: 'stdout', text }),
    stderr: (text) => log.push({ stream: 'stderr', text }),
    readStdin: () => Promise.resolve(''),
    cwd,
    env: {},
    stderrIsTTY: tty,
    // Each look at the clock is a second later: the progress line shows at every update.
    now: () => (clock += 1000),
  };
  const code = await checkCommand.run(args, io);
  return { code, log };
}

const stdoutOf = (log: Written[]): string[] => log.filter((w) => w.stream === 'stdout').map((w) => w.text);

test('text findings on standard output come file by file, in order, equal to the report written at once', async () => {
  const root = folderOfEvents(12);
  try {
    const streamed = await run(['--jobs', '1', '--no-progress', 'events'], root, false);
    const pieces = stdoutOf(streamed.log);
    assert.ok(pieces.length >= 12, `one write per file with findings, got ${pieces.length}`);
    for (const piece of pieces) assert.match(piece, /^(events\/e\d\d\.json:\d+:\d+ \w+ [\w-]+ .*\n)+$/, 'whole lines');
    const atOnce = await run(['--jobs', '1', '--no-progress', '--output', 'report.txt', 'events'], root, false);
    assert.equal(atOnce.code, streamed.code);
    const report = readFileSync(join(root, 'report.txt'), 'utf8');
    assert.equal(pieces.join(''), report);
    const files = report.split('\n').filter(Boolean).map((line) => line.slice(0, line.indexOf(':')));
    assert.deepEqual(files, [...files].sort(), 'files in the report order');
    assert.ok(report.includes('events/e07.json:5:13 error invalid-value'), report);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('on a terminal the progress line is cleared before findings are written under it', async () => {
  const root = folderOfEvents(6);
  try {
    const { log } = await run(['--jobs', '1', '--progress', 'events'], root, true);
    let lineShown = false;
    for (const w of log) {
      if (w.stream === 'stderr' && w.text.startsWith('\rfieldwise check:')) lineShown = true;
      else if (w.stream === 'stderr' && w.text === '\r\x1b[K') lineShown = false;
      else if (w.stream === 'stdout') assert.equal(lineShown, false, `written over the progress line: ${JSON.stringify(w.text)}`);
    }
    assert.ok(log.some((w) => w.stream === 'stderr' && w.text.startsWith('\rfieldwise check:')), 'the progress line showed');
    assert.equal(stdoutOf(log).join('').split('\n').filter(Boolean).length, 6);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('github and json are streamed too, equal to their reports written at once; sarif is written whole, once', async () => {
  const root = folderOfEvents(4);
  try {
    const github = stdoutOf((await run(['--jobs', '1', '--format', 'github', 'events'], root, false)).log);
    assert.equal(github.length, 4);
    assert.ok(github.every((piece) => piece.startsWith('::error file=events/e')), github.join(''));
    for (const format of ['json', 'github']) {
      const pieces = stdoutOf((await run(['--jobs', '1', '--format', format, 'events'], root, false)).log);
      assert.ok(pieces.length >= 4, `${format}: ${pieces.length} pieces`);
      await run(['--jobs', '1', '--format', format, '--output', `report.${format}`, 'events'], root, false);
      assert.equal(pieces.join(''), readFileSync(join(root, `report.${format}`), 'utf8'), format);
    }
    const json = JSON.parse(stdoutOf((await run(['--jobs', '1', '--format', 'json', 'events'], root, false)).log).join('')) as Array<{ file: string }>;
    assert.deepEqual(json.map((row) => row.file), ['events/e00.json', 'events/e01.json', 'events/e02.json', 'events/e03.json']);
    const sarif = stdoutOf((await run(['--jobs', '1', '--format', 'sarif', 'events'], root, false)).log);
    assert.equal(sarif.length, 1);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the JSON report in pieces is the whole report, byte for byte, whatever the findings hold', () => {
  const text = fc.string({ unit: 'grapheme' });
  const position = fc.record({ line: fc.nat(), character: fc.nat() });
  const file = fc.record({
    file: text,
    uriPath: text,
    diagnostics: fc.array(fc.record({
      range: fc.record({ start: position, end: position }),
      severity: fc.constantFrom('error', 'warning', 'information', 'hint' as const),
      code: text,
      message: fc.oneof(text, fc.constant('two\nlines "quoted" \\ back\tslash')),
      fingerprint: text,
    }), { maxLength: 3 }),
  });
  fc.assert(fc.property(fc.array(fc.array(file, { maxLength: 3 }), { maxLength: 4 }), (batches) => {
    const writer = new CheckJsonWriter();
    const pieces = batches.map((batch) => writer.files(batch as CheckedFile[])).join('') + writer.end();
    assert.equal(pieces, renderCheckJsonWhole(batches.flat() as CheckedFile[]));
  }), { numRuns: 200 });
});

/** The report as one JSON.stringify of every row (what the format is defined as). */
function renderCheckJsonWhole(files: CheckedFile[]): string {
  const rows = files.flatMap((f) => f.diagnostics.map((d) => ({ file: f.file, range: d.range, severity: d.severity, code: d.code, message: d.message })));
  return `${JSON.stringify(rows, null, 2)}\n`;
}
