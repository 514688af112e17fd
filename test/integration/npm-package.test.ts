// The npm package as a CI job gets it: `npm pack` of the built repository, installed from the tarball alone into an
// empty project, offline and with an empty npm cache (so nothing else can be fetched: the bundles need no dependency),
// then its commands run from there: `fieldwise check`, `fieldwise fields`, `fieldwise convert` (the bundled wikitext
// parser with its data) and `fieldwise-language-server --stdio`. Needs `npm run build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileUri, messageText, startServer } from '../fixtures/lsp/harness';
import { run, toolEnv } from '../e2e/prerequisites';
import { expectedNpmFiles, REPO } from '../helpers/shippedFiles';

// An event whose event.kind is not an allowed value: one invalid-value error, from the CLI and the server alike.
const EVENT = '{"@timestamp": "2024-05-04T10:12:01.000Z", "schema": {"version": "1.11.0"}, "event": {"kind": "bogus"}}\n';

test('the npm tarball installs offline on its own and its commands run from the install', async (t) => {
  assert.ok(existsSync(join(REPO, 'dist', 'cli.js')), 'dist/cli.js is missing: run npm run build first');
  const scratch = mkdtempSync(join(tmpdir(), 'fieldwise-npm-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  // The installed commands start with `#!/usr/bin/env node`: the node running the tests comes first on PATH.
  const env = toolEnv({ PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter) });

  // The build is already there (the tests run after it): packing with --ignore-scripts does not run `prepare` again.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], { cwd: REPO, env, what: 'npm pack' });
  const [pack] = JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }>; size: number }>;
  t.diagnostic(`${pack.filename}: ${pack.files.length} files, ${pack.size} bytes`);
  await t.test('the tarball holds the commands, the data they read and the pages npm shows, nothing else', () => {
    assert.deepEqual(pack.files.map((file) => file.path).sort(), expectedNpmFiles());
  });

  const project = join(scratch, 'ci-project');
  mkdirSync(join(project, 'events'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'ci-project', version: '1.0.0', private: true }));
  writeFileSync(join(project, 'events', 'sample_event.json'), EVENT);
  const emptyCache = join(scratch, 'npm-cache');
  mkdirSync(emptyCache);
  // --foreground-scripts: a lifecycle script that ran would print its banner here (`> fieldwise@0.1.0 prepare`, `> npm run build`).
  const installed = await run(
    'npm', ['install', '--offline', '--cache', emptyCache, '--no-audit', '--no-fund', '--foreground-scripts', '--save-dev', join(scratch, pack.filename)],
    { cwd: project, env, what: 'npm install --offline of the tarball' },
  );

  await t.test('the install needs nothing but the tarball and builds nothing', () => {
    assert.deepEqual(readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.')), ['fieldwise']);
    // npm 11 names `prepare` in its allowScripts advice for a tarball that is not from a registry; it runs it only for
    // folders and git checkouts, which is what these lines would show.
    assert.doesNotMatch(installed, /^> /m);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'fieldwise', 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.dependencies, undefined);
  });

  const bin = (name: string): string => join(project, 'node_modules', '.bin', name);
  const command = (name: string, args: string[], input?: string) =>
    spawnSync(bin(name), args, { cwd: project, env, input, encoding: 'utf8', timeout: 60_000 });

  await t.test('fieldwise check reports the event\'s invalid value and exits 1', () => {
    const result = command('fieldwise', ['check', 'events/']);
    assert.equal(result.status, 1, `exit ${result.status}; stderr: ${result.stderr}`);
    assert.match(result.stdout, /^events\/sample_event\.json:1:\d+ error invalid-value "bogus" is not an allowed value of event\.kind/m);
    assert.match(result.stderr, /1 event document checked: 1 error/);
  });

  await t.test('fieldwise check --jobs 2 finds its worker thread in the install and reports the same', () => {
    const result = command('fieldwise', ['check', '--jobs', '2', 'events/', 'package.json']);
    assert.equal(result.status, 1, `exit ${result.status}; stderr: ${result.stderr}`);
    assert.match(result.stdout, /^events\/sample_event\.json:1:\d+ error invalid-value "bogus" is not an allowed value of event\.kind/m);
    assert.match(result.stderr, /1 event document and 1 file not recognised checked: 1 error/);
  });

  await t.test('fieldwise fields prints the schema\'s fields', () => {
    const result = command('fieldwise', ['fields']);
    assert.equal(result.status, 0, result.stderr);
    const fields = JSON.parse(result.stdout) as Array<{ name: string; type: string; level: string }>;
    const sourceIp = fields.find((field) => field.name === 'source.ip');
    assert.deepEqual([sourceIp?.type, sourceIp?.level], ['ip', 'core']);
    assert.ok(fields.some((field) => field.name === 'event.kind'));
  });

  await t.test('fieldwise convert renders wikitext with the bundled parser', () => {
    const result = command('fieldwise', ['convert', 'wt2html', '--body', '--page', 'Main_Page', '-'], "'''bold''' and ''italic''\n");
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /<b>bold<\/b> and <i>italic<\/i>/);
  });

  await t.test('fieldwise-language-server --stdio initializes and reports the event\'s invalid value', async () => {
    const server = await startServer({ command: [bin('fieldwise-language-server')], workspace: project, env });
    try {
      assert.ok(server.initializeResult.capabilities.completionProvider, 'the server announces completion');
      const uri = fileUri(join(project, 'events', 'sample_event.json'));
      server.open(uri, 'json', EVENT);
      const diagnostics = await server.diagnostics(uri);
      assert.deepEqual(diagnostics.map((diagnostic) => diagnostic.code), ['invalid-value']);
      assert.match(messageText(diagnostics[0]), /"bogus" is not an allowed value of event\.kind/);
    } finally {
      await server.stop();
    }
  });
});
