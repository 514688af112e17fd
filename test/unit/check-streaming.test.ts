// `fieldwise check` with a line format on standard output writes each file's findings as its check is done, in the
// report's order (a first run over a large repository has many: the run keeps none after writing them); the whole
// output equals the report written at once to a file, and the progress line is cleared before findings are written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCommand } from '../../server/src/cli/commands/check';
import type { CliIO } from '../../server/src/cli/io';

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

test('the github format is streamed too; json is written whole, once', async () => {
  const root = folderOfEvents(4);
  try {
    const github = stdoutOf((await run(['--jobs', '1', '--format', 'github', 'events'], root, false)).log);
    assert.equal(github.length, 4);
    assert.ok(github.every((piece) => piece.startsWith('::error file=events/e')), github.join(''));
    const json = stdoutOf((await run(['--jobs', '1', '--format', 'json', 'events'], root, false)).log);
    assert.equal(json.length, 1);
    assert.equal((JSON.parse(json[0]) as unknown[]).length, 4);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
