// The language server in the real editor: completion with level badges, hover docs, diagnostics and a quick fix, in an
// event file, in an ingest pipeline, in an index template and in an Elastic Agent stream template (real files,
// recognised by their paths).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFile, positionOf, waitFor } from './helpers';

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

/** Where a badge can show: the item's detail or the label's description/detail. */
function badgeText(item: vscode.CompletionItem): string {
  const parts = [item.detail ?? ''];
  if (typeof item.label !== 'string') parts.push(item.label.description ?? '', item.label.detail ?? '');
  return parts.join(' ');
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' && code !== null ? String(code.value) : String(code ?? '');
}

/** The completion items at `position`, asked again until one of them is `wanted` (the server may still be starting). */
async function completionItems(document: vscode.TextDocument, position: vscode.Position, wanted: (label: string) => boolean, what: string): Promise<vscode.CompletionItem[]> {
  return waitFor(what, async () => {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
    return list.items.some((item) => wanted(labelOf(item))) ? list.items : undefined;
  }, 30_000);
}

/** The hover text at `position`, once it matches `ready`. */
async function hoverAt(document: vscode.TextDocument, position: vscode.Position, ready: RegExp, what: string): Promise<string> {
  return waitFor(what, async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
    const shown = hoverText(hovers);
    return ready.test(shown) ? shown : undefined;
  }, 30_000);
}

/** The document's diagnostics, once every one of `codes` is among them. */
async function diagnosticsWith(document: vscode.TextDocument, codes: string[], what: string): Promise<vscode.Diagnostic[]> {
  return waitFor(what, () => {
    const found = vscode.languages.getDiagnostics(document.uri);
    const present = found.map(codeOf);
    return codes.every((code) => present.includes(code)) ? found : undefined;
  }, 30_000);
}

/**
 * Applies the quick fix whose title matches `title` for the first diagnostic with `code`, checks the text with `fixed`,
 * waits for the diagnostic to go, and reverts the file.
 */
async function applyQuickFix(document: vscode.TextDocument, code: string, title: RegExp, fixed: (text: string) => void): Promise<void> {
  const diagnostic = await waitFor(`the ${code} diagnostic`, () =>
    vscode.languages.getDiagnostics(document.uri).find((candidate) => codeOf(candidate) === code),
  30_000);
  // Polled like completion and hover above: a first request right after the diagnostic showed was answered with
  // nothing in 1 of 8 runs here (cause not found; a poll that never finds the fix still fails).
  const fix = await waitFor(`a quick fix ${title}`, async () => {
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const found = actions.find((action) => title.test(action.title) && action.edit !== undefined);
    if (!found) throw new Error(`offered: ${actions.map((action) => action.title).join(' | ') || 'nothing'}`);
    return found;
  }, 30_000);
  try {
    assert.ok(fix.edit);
    assert.equal(await vscode.workspace.applyEdit(fix.edit), true);
    fixed(document.getText());
    await waitFor(`the ${code} diagnostic to go`, () =>
      vscode.languages.getDiagnostics(document.uri).some((candidate) => codeOf(candidate) === code) ? undefined : true,
    30_000);
  } finally {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
}

suite('language server in the editor', () => {
  suiteTeardown(closeAllEditors);

  test('completion in an event file offers the fields of the object, with their level badges', async () => {
    const editor = await openFile('events/sample.json');
    // Inside `"source": { ` before the first key: the names of source's fields are valid here.
    const position = positionOf(editor.document, '"source": { ', '"source": { '.length);
    const items = await completionItems(editor.document, position, (label) => label.includes('port'), 'completion items for source');
    const port = items.find((item) => labelOf(item).replace(/"/g, '') === 'port' || labelOf(item) === 'source.port');
    assert.ok(port, `no 'port' among ${items.map(labelOf).slice(0, 30).join(', ')}`);
    // The spec's table gives {side}.port level core and {side}.nat.port level extended.
    assert.match(badgeText(port), /\bcore\b/, `badge of port: '${badgeText(port)}'`);
    const natItems = items.filter((item) => /nat/.test(labelOf(item)));
    assert.ok(natItems.length > 0, 'no nat field offered under source');
    assert.ok(natItems.some((item) => /\bextended\b/.test(badgeText(item))), `badges of nat items: ${natItems.map(badgeText).join(' | ')}`);
    // The documentation comes with completionItem/resolve, as when the user focuses the item.
    const resolved = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position, undefined, items.length);
    const shown = resolved.items.find((item) => labelOf(item) === labelOf(port));
    const documentation = shown?.documentation;
    const text = typeof documentation === 'string' ? documentation : documentation?.value ?? '';
    assert.match(text, /source\.port/, `documentation of port: '${text}'`);
  });

  test('hover on a field name shows its documentation', async () => {
    const editor = await openFile('events/sample.json');
    const position = positionOf(editor.document, '"kind"', 2);
    const text = await hoverAt(editor.document, position, /categorization/i, 'hover on event.kind');
    assert.match(text, /event\.kind/);
    assert.match(text, /Highest categorization level/);
  });

  test('a broken event gets invalid-value and unknown-field diagnostics where the problems are', async () => {
    const editor = await openFile('events/broken.json');
    const document = editor.document;
    const diagnostics = await diagnosticsWith(document, ['invalid-value', 'unknown-field'], 'diagnostics of broken.json');
    const invalid = diagnostics.find((diagnostic) => codeOf(diagnostic) === 'invalid-value');
    const unknown = diagnostics.find((diagnostic) => codeOf(diagnostic) === 'unknown-field');
    assert.ok(invalid && unknown);
    assert.ok(invalid.range.contains(positionOf(document, 'bogus', 1)), `invalid-value at ${JSON.stringify(invalid.range)}`);
    assert.ok(unknown.range.contains(positionOf(document, 'prot', 1)), `unknown-field at ${JSON.stringify(unknown.range)}`);
    assert.match(unknown.message, /prot/);
  });

  test('the quick fix renames an unknown field to the suggested one', async () => {
    const editor = await openFile('events/broken.json');
    await applyQuickFix(editor.document, 'unknown-field', /port/, (text) => {
      assert.match(text, /"source": \{ "port": 1 \}/);
      assert.doesNotMatch(text, /"prot"/);
    });
  });
});

suite('ingest pipelines in the editor', () => {
  // Recognised as a pipeline by its path (fieldwise.files.pipelines: **/elasticsearch/ingest_pipeline/*.yml).
  const PIPELINE = 'elasticsearch/ingest_pipeline/default.yml';
  suiteTeardown(closeAllEditors);

  test('completion inside a grok pattern offers the fields of the set, with their level badges', async () => {
    const editor = await openFile(PIPELINE);
    // Inside the capture `%{IP:source.ip}`, right after `source.i`.
    const position = positionOf(editor.document, '%{IP:source.ip}', '%{IP:source.i'.length);
    const items = await completionItems(editor.document, position, (label) => label === 'source.ip', 'completion items in the grok capture');
    const ip = items.find((item) => labelOf(item) === 'source.ip');
    assert.ok(ip, `no 'source.ip' among ${items.map(labelOf).slice(0, 30).join(', ')}`);
    assert.match(badgeText(ip), /\bcore\b/, `badge of source.ip: '${badgeText(ip)}'`);
  });

  test('hover on a field: value shows the field\'s documentation', async () => {
    const editor = await openFile(PIPELINE);
    const position = positionOf(editor.document, 'field: event.kind', 'field: event.'.length);
    const text = await hoverAt(editor.document, position, /categorization/i, 'hover on the field: value event.kind');
    assert.match(text, /event\.kind/);
    assert.match(text, /Highest categorization level/);
  });

  test('an unknown field written by a processor gets unknown-field where the name is', async () => {
    const editor = await openFile(PIPELINE);
    const document = editor.document;
    const diagnostics = await diagnosticsWith(document, ['unknown-field'], `diagnostics of ${PIPELINE}`);
    const unknown = diagnostics.filter((diagnostic) => codeOf(diagnostic) === 'unknown-field');
    assert.equal(unknown.length, 1, `unknown-field diagnostics: ${unknown.map((diagnostic) => diagnostic.message).join(' | ')}`);
    assert.ok(unknown[0].range.contains(positionOf(document, 'source.ipp', 'source.i'.length)), `unknown-field at ${JSON.stringify(unknown[0].range)}`);
    assert.match(unknown[0].message, /source\.ipp/);
  });

  test('the quick fix renames the unknown target_field to the suggested field', async () => {
    const editor = await openFile(PIPELINE);
    await applyQuickFix(editor.document, 'unknown-field', /^Rename to 'source\.ip'$/, (text) => {
      assert.match(text, /^ {6}target_field: source\.ip$/m);
      assert.doesNotMatch(text, /source\.ipp/);
    });
  });
});

suite('Beats and Elastic Agent configurations in the editor', () => {
  // An agent stream template, a Beats configuration by its path (fieldwise.files.beats: **/agent/stream/*.yml.hbs):
  // VS Code gives it its Handlebars language id, and the client hands it to the server by its name.
  const STREAM = 'packages/web/data_stream/log/agent/stream/stream.yml.hbs';
  suiteTeardown(closeAllEditors);

  test('a .yml.hbs file reaches the server whatever its language id: completion of a key under add_fields offers its target\'s fields', async () => {
    const editor = await openFile(STREAM);
    assert.notEqual(editor.document.languageId, 'yaml', 'the editor names another language than YAML: the client hands the file over by its name');
    // Right after `ki` in `kind`, under add_fields with `target: event`.
    const position = positionOf(editor.document, 'kind: alert', 2);
    const items = await completionItems(editor.document, position, (label) => label === 'kind', 'completion items under add_fields');
    const kind = items.find((item) => labelOf(item) === 'kind');
    assert.ok(kind && items.some((item) => labelOf(item) === 'outcome'), `event's fields: ${items.map(labelOf).slice(0, 30).join(', ')}`);
    assert.match(badgeText(kind), /\bcore\b/, `badge of kind: '${badgeText(kind)}'`);
    assert.ok(!items.some((item) => labelOf(item) === 'source'), 'names outside the target are not offered');
  });

  test('hover on a from: value shows the field\'s documentation', async () => {
    const editor = await openFile(STREAM);
    const position = positionOf(editor.document, 'from: source.address', 'from: source.ad'.length);
    const text = await hoverAt(editor.document, position, /source\.address/, 'hover on the from: value source.address');
    assert.match(text, /\bextended\b/);
  });

  test('a misspelt field a rename writes gets unknown-field where the name is', async () => {
    const editor = await openFile(STREAM);
    const document = editor.document;
    const diagnostics = await diagnosticsWith(document, ['unknown-field'], `diagnostics of ${STREAM}`);
    const unknown = diagnostics.filter((diagnostic) => codeOf(diagnostic) === 'unknown-field');
    assert.equal(unknown.length, 1, `unknown-field diagnostics: ${unknown.map((diagnostic) => diagnostic.message).join(' | ')}`);
    assert.ok(unknown[0].range.contains(positionOf(document, 'source.ipp', 'source.i'.length)), `unknown-field at ${JSON.stringify(unknown[0].range)}`);
  });

  test('the quick fix renames it to the suggested field', async () => {
    const editor = await openFile(STREAM);
    await applyQuickFix(editor.document, 'unknown-field', /^Rename to 'source\.ip'$/, (text) => {
      assert.match(text, /^ {10}to: source\.ip$/m);
      assert.doesNotMatch(text, /source\.ipp/);
    });
  });
});

suite('index templates in the editor', () => {
  // Recognised as a mapping by its path (fieldwise.files.mappings: **/index_templates/**/*.json).
  const TEMPLATE = 'elasticsearch/index_templates/logs-firewall.json';
  suiteTeardown(closeAllEditors);

  test('completion of a field name inside properties inserts the schema\'s mapping', async () => {
    const editor = await openFile(TEMPLATE);
    // The blank line inside destination's `properties`, at its indentation.
    const before = '"destination": {\n          "properties": {\n            ';
    const position = positionOf(editor.document, before, before.length);
    const items = await completionItems(editor.document, position, (label) => label === 'port', 'completion items in destination\'s properties');
    const port = items.find((item) => labelOf(item) === 'port');
    assert.ok(port, `no 'port' among ${items.map(labelOf).slice(0, 30).join(', ')}`);
    assert.match(badgeText(port), /\bcore\b/, `badge of port: '${badgeText(port)}'`);
    // The editor adds words of the document (`source` among them) as plain text items: only Fieldwise's fields carry a level.
    assert.ok(!items.some((item) => labelOf(item) === 'source' && /\b(core|extended)\b/.test(badgeText(item))), 'root fields are not offered inside destination');
    // Accepted as the editor does: the item's text in its range.
    const insert = port.insertText instanceof vscode.SnippetString ? port.insertText.value : port.insertText ?? labelOf(port);
    const range = port.range instanceof vscode.Range ? port.range : port.range?.replacing ?? new vscode.Range(position, position);
    try {
      assert.equal(await editor.edit((edit) => edit.replace(range, insert)), true);
      assert.match(editor.document.getText(), /"properties": \{\n {12}"port": \{\n\s*"type": "long"\n\s*\}\n/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  test('a field mapped with another type than the schema\'s gets mapping-type-mismatch, and its fix maps the schema\'s type', async () => {
    const editor = await openFile(TEMPLATE);
    const document = editor.document;
    const diagnostics = await diagnosticsWith(document, ['mapping-type-mismatch'], `diagnostics of ${TEMPLATE}`);
    const mismatch = diagnostics.filter((diagnostic) => codeOf(diagnostic) === 'mapping-type-mismatch');
    assert.equal(mismatch.length, 1, `mapping-type-mismatch diagnostics: ${mismatch.map((diagnostic) => diagnostic.message).join(' | ')}`);
    assert.ok(mismatch[0].range.contains(positionOf(document, '"keyword" }', 2)), `mapping-type-mismatch at ${JSON.stringify(mismatch[0].range)}`);
    assert.match(mismatch[0].message, /source\.ip/);
    await applyQuickFix(document, 'mapping-type-mismatch', /^Map as ip, the schema's type$/, (text) => {
      assert.match(text, /"ip": \{ "type": "ip" \}/);
    });
  });
});
