// One field, every file in the real editor: in the fixture workspace's `crossfile/` folder (test/fixtures/lsp/crossfile,
// with a pipeline that writes a field its package does not declare), the outline of a pipeline, go to definition from
// a pipeline field to its field definition file and to the schema's read-only page, find references, rename a custom
// field across two files, the unmapped-field warning with its fix applied, and the code lens. Edits are applied with
// VS Code's own workspace edit and reverted afterwards (the suite runs twice on one workspace).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFile, positionOf, waitFor, workspaceFile } from './helpers';

const STREAM = 'crossfile/packages/shop/data_stream/orders';
const PIPELINE = `${STREAM}/elasticsearch/ingest_pipeline/default.yml`;

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' && code !== null ? String(code.value) : String(code ?? '');
}

/** A location as `path:line` below the workspace's crossfile folder (1-based line). */
function where(location: vscode.Location | vscode.LocationLink): string {
  const uri = 'targetUri' in location ? location.targetUri : location.uri;
  const range = 'targetUri' in location ? location.targetSelectionRange ?? location.targetRange : location.range;
  return `${uri.path.slice(uri.path.indexOf('/crossfile/') + 1)}:${range.start.line + 1}`;
}

/**
 * Puts back the text on disk of the documents this suite's edits left dirty, and saves them: without showing them, as
 * the revert command would need (showing one raced the editors other suites open).
 */
async function revertAll(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.path.includes('/crossfile/'))) {
    const disk = new TextDecoder().decode(await vscode.workspace.fs.readFile(document.uri));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), disk);
    assert.ok(await vscode.workspace.applyEdit(edit), `${document.uri.path}: its text on disk put back`);
    assert.ok(await document.save(), `${document.uri.path} saved`);
    assert.equal(document.getText(), disk, `${document.uri.path} holds its text on disk`);
  }
}

suite('one field, every file', () => {
  teardown(async () => {
    await revertAll();
    await closeAllEditors();
  });

  test('the outline of a pipeline names its processors by tag, with on_failure nested', async () => {
    const { document } = await openFile(PIPELINE);
    const symbols = await waitFor('the outline', async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri);
      return found && found.length > 0 ? found : undefined;
    }, 30_000);
    assert.deepEqual(symbols.map((s) => s.name), ['set_kind', 'parse_message', 'append', 'pipeline', 'on_failure']);
    assert.deepEqual(symbols[4].children.map((s) => s.name), ['set', 'append']);
  });

  test('go to definition from a pipeline field opens its field definition file; a schema-only field opens the schema\'s page', async () => {
    const { document } = await openFile(PIPELINE);
    const definitions = await waitFor('a definition', async () => {
      const found = await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>('vscode.executeDefinitionProvider', document.uri, positionOf(document, 'shop.order_id', 2));
      return found && found.length > 0 ? found : undefined;
    }, 60_000);
    assert.deepEqual(definitions.map(where), [`${STREAM}/fields/fields.yml:4`]);

    const { document: events } = await openFile('crossfile/events/legacy.ndjson');
    const page = await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>('vscode.executeDefinitionProvider', events.uri, positionOf(events, '"name"', 2));
    const uri = 'targetUri' in page[0] ? page[0].targetUri : page[0].uri;
    assert.equal(uri.scheme, 'fieldwise-schema');
    const shown = await vscode.workspace.openTextDocument(uri);
    assert.match(shown.getText(), /^# host\.name\n/);
    assert.match(shown.getText(), /\| `host\.name` \| keyword \| core \|/);
  });

  test('find references lists every file that writes, defines or carries the field', async () => {
    const { document } = await openFile(PIPELINE);
    const references = await waitFor('references', async () => {
      const found = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', document.uri, positionOf(document, 'shop.order_id', 2));
      return found && found.length > 0 ? found : undefined;
    }, 60_000);
    assert.deepEqual(references.map(where).sort(), [
      `${STREAM}/_dev/test/pipeline/test-orders.log-expected.json:10`,
      `${STREAM}/elasticsearch/ingest_pipeline/default.yml:11`,
      `${STREAM}/elasticsearch/ingest_pipeline/payment.yml:4`,
      `${STREAM}/elasticsearch/ingest_pipeline/payment.yml:4`,
      `${STREAM}/fields/fields.yml:4`,
      `${STREAM}/sample_event.json:16`,
    ]);
  });

  test('rename a custom field across two files: the template re-nested, the events nested and dotted as written', async () => {
    const { document } = await openFile('crossfile/index_templates/legacy.json');
    const edit = await waitFor('a rename', async () => vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, positionOf(document, '"code"', 2), 'legacy.reference'), 60_000);
    assert.deepEqual(edit.entries().map(([uri]) => uri.path.slice(uri.path.indexOf('/crossfile/') + 1)).sort(), ['crossfile/events/legacy.ndjson', 'crossfile/index_templates/legacy.json']);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.match(document.getText(), /"properties": \{\n {12}"reference": \{\n {14}"type": "keyword"/);
    const events = await vscode.workspace.openTextDocument(workspaceFile('crossfile/events/legacy.ndjson'));
    assert.match(events.getText(), /"legacy": \{"reference": "X1", "note": "first"\}/);
    assert.match(events.getText(), /"legacy\.reference": "X2"/);
  });

  test('a field the package does not declare is an unmapped-field warning; its fix declares it in the data stream\'s field file', async () => {
    const { document } = await openFile(`${STREAM}/elasticsearch/ingest_pipeline/coupon.yml`);
    const warning = await waitFor('the unmapped-field warning', () => vscode.languages.getDiagnostics(document.uri).find((d) => codeOf(d) === 'unmapped-field'), 60_000);
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /^shop\.coupon is written here, but package shop does not declare it/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, warning.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === `Declare shop.coupon in ${STREAM}/fields/fields.yml`);
    assert.ok(fix?.edit, `the fix among ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    const fields = await vscode.workspace.openTextDocument(workspaceFile(`${STREAM}/fields/fields.yml`));
    assert.match(fields.getText(), /\n {4}- name: coupon\n {6}type: keyword\n/);
  });

  test('the code lens above a declared field counts the files that write and carry it', async () => {
    const { document } = await openFile(`${STREAM}/fields/fields.yml`);
    const lenses = await waitFor('the code lenses', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
      return found && found.length > 0 ? found : undefined;
    }, 60_000);
    assert.equal(lenses[0].command?.title, 'written by 2 pipeline files · in 2 event documents');
    assert.equal(lenses[0].command?.command, 'fieldwise.showReferences');
  });
});
