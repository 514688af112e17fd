// The built CLI (`node dist/cli.js convert|serve`) against the real Parsoid and the embedded service, exit codes included.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConversionClient } from '../../conversion/conversionClient';
import { pageStore, REPO_ROOT, startParsoid, type Parsoid } from './parsoid-server';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const FIXTURES = resolve(__dirname, '../fixtures/conversion');
const TEMPLATES = join(FIXTURES, 'templates');
const store = pageStore();
const MAIN = store.Main_Page[store.Main_Page.length - 1];
const FIRST = store.Main_Page[0];

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: FIXTURES, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code, signal, stdout, stderr });
    });
    child.stdin.end(stdin ?? '');
  });
}

/** `fieldwise serve` in the background, once it says where it listens. */
async function serve(args: string[] = []): Promise<{ child: ChildProcess; url: string; exited: Promise<Run> }> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<Run>((resolveRun) => child.on('close', (code, signal) => resolveRun({ code, signal, stdout, stderr })));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no 'listening on' line: ${stdout}${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    void exited.then((run) => reject(new Error(`serve exited ${run.code} before listening: ${run.stderr}`)));
  });
  return { child, url, exited };
}

function expectFailure(run: Run, code: 1 | 2, says: RegExp): void {
  assert.equal(run.code, code, `exit code (stderr: ${run.stderr})`);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, says);
  if (code === 1) assert.equal(run.stderr.trimEnd().split('\n').length, 1, `one line: ${run.stderr}`);
  else assert.match(run.stderr, /usage: fieldwise/);
}

let parsoid: Parsoid | undefined;
let embedded: Awaited<ReturnType<typeof serve>> | undefined;
let scratch = '';

before(async () => {
  // The test runs what `npm run build` made; a bundle older than the sources would test old code.
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'npm run build' before the integration tests`);
  const built = statSync(CLI).mtimeMs;
  const conversion = join(REPO_ROOT, 'conversion');
  const sources = [
    ...readdirSync(conversion).map((file) => join(conversion, file)),
    ...['main.ts', 'io.ts', 'commands/convert.ts', 'commands/serve.ts'].map((file) => join(REPO_ROOT, 'server/src/cli', file)),
  ];
  const newer = sources.filter((file) => statSync(file).isFile() && statSync(file).mtimeMs > built);
  if (newer.length > 0) throw new Error(`${CLI} is older than ${newer[0]}: run 'npm run build' before the integration tests`);
  scratch = mkdtempSync(join(tmpdir(), 'fieldwise-cli-'));
  parsoid = await startParsoid();
  embedded = await serve(['--templates', TEMPLATES]);
});

after(async () => {
  embedded?.child.kill('SIGTERM');
  await embedded?.exited;
  await parsoid?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the fixture page is the stub wiki\'s latest Main_Page revision', () => {
  assert.equal(readFileSync(join(FIXTURES, 'Main_Page.wiki'), 'utf8'), MAIN.text);
});

for (const server of ['Parsoid', 'the embedded service', 'fieldwise serve'] as const) {
  describe(`convert against ${server}`, () => {
    const base = (): string[] =>
      server === 'Parsoid' ? ['--base-url', parsoid?.url ?? ''] : server === 'fieldwise serve' ? ['--base-url', embedded?.url ?? ''] : ['--templates', TEMPLATES];

    test('wt2html FILE: a full document, the page named after the file', async () => {
      const run = await cli(['convert', 'wt2html', ...base(), 'Café_au_lait.wiki']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^<!DOCTYPE html>/);
      const text = run.stdout.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');
      assert.match(text, /Café[_ ]au[_ ]lait: A drink & Milk\./);
    });

    test('wt2html --body from standard input equals what the client returns', async () => {
      const run = await cli(['convert', 'wt2html', '--body', '--page', 'Main Page', ...base(), '-'], MAIN.text);
      assert.equal(run.code, 0, run.stderr);
      const url = server === 'Parsoid' ? parsoid?.url : embedded?.url;
      if (server !== 'the embedded service') {
        const expected = await new ConversionClient({ baseUrl: url ?? '', prefix: 'enwiki' }).wikitextToHtml('Main Page', MAIN.text, { bodyOnly: true });
        assert.equal(run.stdout, expected);
      }
      assert.doesNotMatch(run.stdout, /<body/);
      assert.match(run.stdout, /Hello, (<\/span><span about="#mwt\d+">)?World/);
      assert.match(run.stdout, /A note\./);
    });

    if (server === 'Parsoid') {
      test(`html2wt --oldid ${MAIN.revid}: the revision's HTML gives back its wikitext`, async () => {
        const { html } = await new ConversionClient({ baseUrl: parsoid?.url ?? '', prefix: 'enwiki' }).pageHtml('Main_Page', { oldid: MAIN.revid });
        const file = join(scratch, 'main.html');
        writeFileSync(file, html);
        const run = await cli(['convert', 'html2wt', ...base(), '--page', 'Main_Page', '--oldid', String(MAIN.revid), file]);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stdout, MAIN.text);
      });

      test('html2wt from standard input without oldid', async () => {
        const run = await cli(['convert', 'html2wt', ...base(), '--page', 'Main_Page'], '<h2>Hi</h2><p>Text</p>');
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stdout.trimEnd(), '== Hi ==\nText');
      });

      test(`page: the latest revision, 'revision ${MAIN.revid}' on standard error`, async () => {
        const run = await cli(['convert', 'page', ...base(), '--page', 'Main Page']);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stderr, `revision ${MAIN.revid}\n`);
        assert.match(run.stdout, /Welcome/);
      });

      test('page --oldid: that revision, nothing on standard error', async () => {
        const run = await cli(['convert', 'page', ...base(), '--page', 'Main_Page', '--oldid', String(FIRST.revid)]);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stderr, '');
        assert.match(run.stdout, /First revision\./);
      });

      test('page AC/DC: the / in the name is encoded', async () => {
        const run = await cli(['convert', 'page', ...base(), '--page', 'AC/DC']);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stderr, `revision ${store['AC/DC'][0].revid}\n`);
      });

      test('an unknown page exits 1 with one line saying so', async () => {
        expectFailure(await cli(['convert', 'page', ...base(), '--page', 'No such page']), 1, /page 'No_such_page' not found/);
      });
    } else {
      test('html2wt exits 1: not available, with what to do', async () => {
        const run = await cli(['convert', 'html2wt', ...base(), '--page', 'Main_Page', '--oldid', String(MAIN.revid)], '<p>x</p>');
        expectFailure(run, 1, server === 'the embedded service' ? /not available in the embedded service; pass --base-url/ : /not available in the embedded service, set fieldwise\.conversion\.baseUrl/);
      });

      test('page exits 1: not available', async () => {
        expectFailure(await cli(['convert', 'page', ...base(), '--page', 'Main_Page']), 1, /not available in the embedded service/);
      });
    }
  });
}

const usageMistakes: Array<[name: string, args: string[], says: RegExp]> = [
  ['no operation', ['convert'], /missing operation/],
  ['an unknown operation', ['convert', 'md2html'], /unknown operation 'md2html'/],
  ['an unknown option', ['convert', 'wt2html', '--colour', 'x.wiki'], /Unknown option '--colour'/],
  ['html2wt without --page', ['convert', 'html2wt', 'x.html'], /--page TITLE is required for html2wt/],
  ['page without --page', ['convert', 'page'], /--page TITLE is required for page/],
  ['standard input without --page', ['convert', 'wt2html', '-'], /--page TITLE is required when reading standard input/],
  ['a non-numeric --oldid', ['convert', 'page', '--page', 'X', '--oldid', 'abc'], /--oldid expects a whole number/],
  ['--body with html2wt', ['convert', 'html2wt', '--page', 'X', '--body'], /--body applies to wt2html only/],
  ['an upper-case --prefix', ['convert', 'wt2html', '--prefix', 'EnWiki', 'Main_Page.wiki'], /wiki id 'EnWiki' is not valid/],
  ['an invalid --page', ['convert', 'wt2html', '--page', 'a|b', 'Main_Page.wiki'], /cannot contain/],
  ['a base URL that is not one', ['convert', 'wt2html', '--base-url', 'localhost:1', 'Main_Page.wiki'], /must start with http/],
  ['two input files', ['convert', 'wt2html', 'a.wiki', 'b.wiki'], /unexpected argument 'b\.wiki'/],
  ['serve on port 70000', ['serve', '--port', '70000'], /--port expects a number from 0 to 65535/],
  ['serve with a positional', ['serve', 'now'], /Unexpected argument 'now'|unexpected argument/i],
];

for (const [name, args, says] of usageMistakes) {
  test(`${name}: exit code 2 with the usage`, async () => {
    expectFailure(await cli(args), 2, says);
  });
}

const failures: Array<[name: string, args: () => string[], says: RegExp]> = [
  ['a missing input file', () => ['convert', 'wt2html', 'nowhere.wiki'], /cannot read nowhere\.wiki: ENOENT/],
  ['a service that is down', () => ['convert', 'wt2html', '--base-url', 'http://127.0.0.1:9', 'Main_Page.wiki'], /unreachable at http:\/\/127\.0\.0\.1:9 \(connection refused\)/],
  ['a missing templates folder', () => ['convert', 'wt2html', '--templates', 'no-such-dir', 'Main_Page.wiki'], /templates folder .*no-such-dir cannot be read/],
  ['serve on a busy port', () => ['serve', '--port', new URL(embedded?.url ?? 'http://x:1').port], /already in use/],
  ['serve with a missing templates folder', () => ['serve', '--templates', join(scratch, 'none')], /templates folder .* cannot be read/],
];

for (const [name, args, says] of failures) {
  test(`${name}: exit code 1 with one line`, async () => {
    expectFailure(await cli(args()), 1, says);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`serve exits cleanly (code 0) on ${signal}`, async () => {
    const own = await serve();
    const response = await fetch(`${own.url}/enwiki/X`, { method: 'POST', body: new URLSearchParams({ wt: "'''up'''", body: '1' }) });
    assert.match(await response.text(), /<b>up<\/b>/);
    own.child.kill(signal);
    const run = await own.exited;
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.signal, null);
    assert.equal(run.stderr, '');
    await assert.rejects(fetch(`${own.url}/enwiki/X`));
  });
}
