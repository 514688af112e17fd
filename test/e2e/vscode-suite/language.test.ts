// The language server in the real editor: completion with level badges, hover docs, diagnostics and a quick fix.
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

suite('language server in the editor', () => {
  suiteTeardown(closeAllEditors);

  test('completion in an event file offers the fields of the object, with their level badges', async () => {
    const editor = await openFile('events/sample.json');
    // Inside `"source": { ` before the first key: the names of source's fields are valid here.
    const position = positionOf(editor.document, '"source": { ', '"source": { '.length);
    const items = await waitFor('completion items for source', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position);
      return list.items.some((item) => labelOf(item).includes('port')) ? list.items : undefined;
    }, 30_000);
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
    const text = await waitFor('hover on event.kind', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
      const shown = hoverText(hovers);
      return /categorization/i.test(shown) ? shown : undefined;
    }, 30_000);
    assert.match(text, /event\.kind/);
    assert.match(text, /Highest categorization level/);
  });

  test('a broken event gets invalid-value and unknown-field diagnostics where the problems are', async () => {
    const editor = await openFile('events/broken.json');
    const document = editor.document;
    const diagnostics = await waitFor('diagnostics of broken.json', () => {
      const found = vscode.languages.getDiagnostics(document.uri);
      const codes = found.map(codeOf);
      return codes.includes('invalid-value') && codes.includes('unknown-field') ? found : undefined;
    }, 30_000);
    const invalid = diagnostics.find((diagnostic) => codeOf(diagnostic) === 'invalid-value');
    const unknown = diagnostics.find((diagnostic) => codeOf(diagnostic) === 'unknown-field');
    assert.ok(invalid && unknown);
    assert.ok(invalid.range.contains(positionOf(document, 'bogus', 1)), `invalid-value at ${JSON.stringify(invalid.range)}`);
    assert.ok(unknown.range.contains(positionOf(document, 'prot', 1)), `unknown-field at ${JSON.stringify(unknown.range)}`);
    assert.match(unknown.message, /prot/);
  });

  test('the quick fix renames an unknown field to the suggested one', async () => {
    const editor = await openFile('events/broken.json');
    const document = editor.document;
    const unknown = await waitFor('the unknown-field diagnostic', () =>
      vscode.languages.getDiagnostics(document.uri).find((diagnostic) => codeOf(diagnostic) === 'unknown-field'),
    30_000);
    // Polled like completion and hover above: a first request right after the diagnostic showed was answered with
    // nothing in 1 of 8 runs here (cause not found; a poll that never finds the fix still fails).
    const rename = await waitFor('a quick fix to \'port\'', async () => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, unknown.range, vscode.CodeActionKind.QuickFix.value);
      const found = actions.find((action) => /port/.test(action.title) && action.edit !== undefined);
      if (!found) throw new Error(`offered: ${actions.map((action) => action.title).join(' | ') || 'nothing'}`);
      return found;
    }, 30_000);
    try {
      assert.ok(rename.edit);
      assert.equal(await vscode.workspace.applyEdit(rename.edit), true);
      assert.match(document.getText(), /"source": \{ "port": 1 \}/);
      assert.doesNotMatch(document.getText(), /"prot"/);
      await waitFor('the unknown-field diagnostic to go', () =>
        vscode.languages.getDiagnostics(document.uri).some((diagnostic) => codeOf(diagnostic) === 'unknown-field') ? undefined : true,
      30_000);
    } finally {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });
});
