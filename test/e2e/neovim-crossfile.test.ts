// One field, every file in a second real client: Neovim (Debian's package, its built-in LSP client, the setup users
// copy: test/e2e/neovim/init.lua) against the built server, in a copy of the fixture workspace
// test/fixtures/lsp/crossfile with one gap added (a pipeline that writes a field its package does not declare):
// the outline of a pipeline, go to definition from a pipeline field to its field definition file, find references,
// rename a custom field across two files (Neovim applies the edit and writes the files), and the unmapped-field
// warning with its fix applied (test/e2e/neovim/crossfile.lua drives Neovim and writes what it saw as JSON).
// Needs `npm run build` first (dist/server.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2eSkipped, ensureDebianPackages, toolEnv } from './prerequisites';

const REPO = resolve(__dirname, '../..');
const SERVER = join(REPO, 'dist/server.js');
const CONFIG = join(__dirname, 'neovim/init.lua');
const PROBE = join(__dirname, 'neovim/crossfile.lua');
const STREAM = 'packages/shop/data_stream/orders';

interface Report {
  error?: string;
  outline: Array<{ name: string; children?: Array<{ name: string }> }>;
  definition: { file: string; line: number; col: number };
  references: string[];
  rename_placeholder: string;
  warning: { line: number; col: number; severity: number; message: string };
  fixes: string[];
  fixed?: boolean;
}

function positionOf(text: string, needle: string, shift = 0): { line: number; character: number } {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `fixture holds ${needle}`);
  const before = text.slice(0, at + shift);
  return { line: before.split('\n').length - 1, character: at + shift - (before.lastIndexOf('\n') + 1) };
}

function runNeovim(cwd: string, specFile: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('nvim', ['--headless', '--clean', '-u', CONFIG, '-c', `luafile ${PROBE}`], {
      cwd,
      env: toolEnv({ FIELDWISE_SERVER: SERVER, FIELDWISE_NVIM_SPEC: specFile }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 200000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

test('Neovim: outline, go to definition, references, a rename across two files and the unmapped-field fix', { skip: e2eSkipped() && 'FIELDWISE_SKIP_E2E=1', timeout: 300000 }, async () => {
  await ensureDebianPackages(['neovim']);
  assert.ok(existsSync(SERVER), `${SERVER} exists: run npm run build first`);
  const workspace = mkdtempSync(join(tmpdir(), 'fieldwise-nvim-crossfile-'));
  try {
    cpSync(join(REPO, 'test/fixtures/lsp/crossfile'), workspace, { recursive: true });
    // The root marker init.lua looks for, and the gap: a second pipeline writes shop.coupon, which no field file declares.
    mkdirSync(join(workspace, '.git'));
    const gap = join(workspace, STREAM, 'elasticsearch/ingest_pipeline/coupon.yml');
    writeFileSync(gap, 'processors:\n  - set:\n      field: shop.coupon\n      value: SPRING\n');
    const pipeline = join(workspace, STREAM, 'elasticsearch/ingest_pipeline/default.yml');
    const template = join(workspace, 'index_templates/legacy.json');
    const out = join(workspace, 'report.json');
    const spec = {
      out, pipeline, template, gap,
      field_position: positionOf(readFileSync(pipeline, 'utf8'), 'shop.order_id', 2),
      rename_position: positionOf(readFileSync(template, 'utf8'), '"code"', 2),
      new_name: 'legacy.reference',
    };
    const specFile = join(workspace, 'spec.json');
    writeFileSync(specFile, JSON.stringify(spec));
    const run = await runNeovim(workspace, specFile);
    assert.ok(existsSync(out), `Neovim wrote its report (exit ${run.code}): ${run.stderr.slice(-2000)}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    assert.equal(report.error, undefined, `the probe ran through: ${report.error}`);

    assert.deepEqual(report.outline.map((s) => s.name), ['set_kind', 'parse_message', 'append', 'pipeline', 'on_failure']);
    assert.deepEqual(report.outline[4].children?.map((s) => s.name), ['set', 'append']);
    assert.deepEqual(report.definition, { file: join(workspace, STREAM, 'fields/fields.yml'), line: 4, col: 13 }, 'Neovim jumped to the field definition file');
    assert.deepEqual(report.references.map((r) => r.slice(workspace.length + 1)).sort(), [
      `${STREAM}/_dev/test/pipeline/test-orders.log-expected.json:10:14`,
      `${STREAM}/elasticsearch/ingest_pipeline/default.yml:11:41`,
      `${STREAM}/elasticsearch/ingest_pipeline/payment.yml:4:19`,
      `${STREAM}/elasticsearch/ingest_pipeline/payment.yml:4:39`,
      `${STREAM}/fields/fields.yml:4:13`,
      `${STREAM}/sample_event.json:16:10`,
    ]);

    assert.equal(report.rename_placeholder, 'legacy.code');
    assert.match(readFileSync(template, 'utf8'), /"properties": \{\n {12}"reference": \{\n {14}"type": "keyword"/, 'the template renamed on disk');
    assert.equal(readFileSync(join(workspace, 'events/legacy.ndjson'), 'utf8'),
      '{"@timestamp": "2024-05-03T00:00:00Z", "host": {"name": "web-1"}, "legacy": {"reference": "X1", "note": "first"}}\n' +
      '{"@timestamp": "2024-05-03T00:01:00Z", "legacy.reference": "X2"}\n', 'the event file renamed on disk, nested and dotted as written');

    assert.equal(report.warning.severity, 2, 'a warning');
    assert.deepEqual([report.warning.line, report.warning.col], [3, 14]);
    assert.match(report.warning.message, /^shop\.coupon is written here, but package shop does not declare it/);
    assert.deepEqual(report.fixes, [`Declare shop.coupon in ${STREAM}/fields/fields.yml`]);
    assert.equal(report.fixed, true);
    assert.match(readFileSync(join(workspace, STREAM, 'fields/fields.yml'), 'utf8'), /\n {4}- name: coupon\n {6}type: keyword\n {6}description: "TODO: describe shop\.coupon\."\n$/, 'the fix written into the group on disk');
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
});
