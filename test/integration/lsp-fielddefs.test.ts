// Field definition files through the built server over stdio, as an editor sees them: an integration package's
// fields/*.yml (by path) and a Beats-style list elsewhere (by content); pulled diagnostics, completion of a name
// inside a group and of a type value, hover, level badges, the set-type fix applied, and half-typed files that
// never get an error answer. Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { CompletionItem, Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { caret } from '../helpers/caret';
import { appliedAction, FIXTURES, fileUri, LspSession, markupText, startServer } from '../fixtures/lsp/harness';

const WORKSPACE = join(FIXTURES, 'workspace');
let server: LspSession;
let counter = 0;

before(async () => {
  server = await startServer({ workspace: WORKSPACE });
});

after(async () => {
  await server.stop();
});

function openAt(path: string, text: string): string {
  const uri = fileUri(join(WORKSPACE, path.replace('{n}', String(++counter))));
  server.open(uri, 'yaml', text);
  return uri;
}

function described(uri: string, diagnostics: readonly Diagnostic[]): string[] {
  const doc = server.document(uri);
  return [...diagnostics].sort((a, b) => doc.offsetAt(a.range.start) - doc.offsetAt(b.range.start)).map((d) => `${String(d.code)}: ${doc.getText(d.range)}`);
}

function accepted(uri: string, item: CompletionItem): string {
  const edit = item.textEdit;
  assert.ok(edit, `${item.label} has a text edit`);
  return TextDocument.applyEdits(server.document(uri), [{ range: 'range' in edit ? edit.range : edit.replace, newText: edit.newText }]);
}

const PACKAGE_FIELDS = [
  '- name: source',
  '  type: group',
  '  fields:',
  '    - name: ip',
  '      level: core',
  '      type: keyword',
  '    - name: portt',
  '      type: long',
  '- external: ecs',
  '  name: device.id',
  '- name: acme.rack',
  '  type: keywrd',
  '',
].join('\n');

describe('field definition files through the server', () => {
  test('diagnostics of a package\'s fields/*.yml (by path) and of a list elsewhere (by content)', async () => {
    const expected = ['definition-type-mismatch: keyword', 'unknown-field: portt', 'unknown-external-field: device.id', 'unknown-definition-type: keywrd'];
    for (const path of ['packages/acme/data_stream/log/fields/case-{n}.yml', 'notes/fields-{n}.yml']) {
      const uri = openAt(path, PACKAGE_FIELDS);
      assert.deepEqual(described(uri, await server.diagnostics(uri)), expected, path);
    }
  });

  test('completion of a name inside a group, relative to it, with its badge and docs', async () => {
    const { text, offset } = caret('- name: source\n  type: group\n  fields:\n    - name: geo.cou‸\n', '‸');
    const uri = openAt('packages/acme/data_stream/log/fields/case-{n}.yml', text);
    const items = await server.completion(uri, offset);
    const item = items.find((i) => i.label === 'geo.country_iso_code');
    assert.ok(item, `offered: ${items.map((i) => i.label).slice(0, 20).join(', ')}`);
    assert.equal(item.labelDetails?.description, 'core');
    assert.ok(markupText((await server.resolve(item)).documentation).length > 0, 'documented when resolved');
    assert.equal(accepted(uri, item), '- name: source\n  type: group\n  fields:\n    - name: geo.country_iso_code\n');
  });

  test('completion of a type value: the schema\'s type first, documented', async () => {
    const { text, offset } = caret('- name: source.ip\n  type: ‸\n', '‸');
    const uri = openAt('packages/acme/data_stream/log/fields/case-{n}.yml', text);
    const items = (await server.completion(uri, offset)).sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.equal(items[0]?.label, 'ip');
    assert.match(markupText((await server.resolve(items[0])).documentation), /IPv4/);
  });

  test('hover on a group\'s child and level badges after the names the schema knows', async () => {
    const uri = openAt('packages/acme/data_stream/log/fields/case-{n}.yml', PACKAGE_FIELDS);
    const hover = await server.hover(uri, PACKAGE_FIELDS.indexOf('name: ip') + 7);
    assert.ok(hover?.range);
    assert.equal(server.document(uri).getText(hover.range), 'ip');
    assert.match(markupText(hover.contents), /source\.ip[\s\S]*core/);
    const doc = server.document(uri);
    const hints = (await server.inlayHints(uri)).map((h) => `${PACKAGE_FIELDS.slice(0, doc.offsetAt(h.position)).match(/[\w.]+$/)?.[0]} ${typeof h.label === 'string' ? h.label : ''}`);
    assert.deepEqual(hints, ['source core', 'ip core']);
  });

  test('the set-type fix applied gives the schema\'s type', async () => {
    const uri = openAt('packages/acme/data_stream/log/fields/case-{n}.yml', PACKAGE_FIELDS);
    const mismatch = (await server.diagnostics(uri)).find((d) => d.code === 'definition-type-mismatch');
    assert.ok(mismatch);
    const doc = server.document(uri);
    const actions = await server.codeActions(uri, doc.offsetAt(mismatch.range.start), doc.offsetAt(mismatch.range.end));
    const fix = actions.find((a) => a.title === "Set the schema's type 'ip'");
    assert.ok(fix, `offered: ${actions.map((a) => a.title).join('; ')}`);
    assert.equal(appliedAction(server, uri, fix), PACKAGE_FIELDS.replace('      type: keyword', '      type: ip'));
  });

  test('half-typed files get answers, never an error', async () => {
    for (const text of ['- name: sou\n  type: gro', '- key: x\n  fields:\n    - name: "ip', '- name: [\n', '-']) {
      const uri = openAt('packages/acme/data_stream/log/fields/case-{n}.yml', text);
      assert.ok(Array.isArray(await server.diagnostics(uri)), text);
      await server.completion(uri, text.length);
      await server.hover(uri, Math.max(0, text.length - 1));
    }
  });
});
