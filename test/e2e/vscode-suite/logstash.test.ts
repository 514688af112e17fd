// Logstash pipelines in the real editor: a `.conf` file under `pipeline/` opens as Properties (VS Code's language for
// `.conf`) and becomes Logstash once the server has read it; an nginx `.conf` stays as it is; the outline shows the
// pipeline's sections, plugins and conditionals; Format Document re-indents it; completion inside `[source][`, hover on
// a selector, and an unknown field's diagnostic with its rename applied.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFile, positionOf, waitFor, workspaceFile } from './helpers';

const PIPELINE = 'pipeline/apache.conf';
const FIELDS = 'pipeline/fields.conf';

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' && code !== null ? String(code.value) : String(code ?? '');
}

/** The open document of `relative`, once its language is `languageId`. */
async function inLanguage(relative: string, languageId: string): Promise<vscode.TextDocument> {
  const uri = workspaceFile(relative).toString();
  return waitFor(`${relative} in the ${languageId} language`, () => {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (!document) throw new Error('not open');
    if (document.languageId !== languageId) throw new Error(`language ${document.languageId}`);
    return document;
  }, 30_000);
}

/** The outline as indented names. */
function outline(symbols: readonly vscode.DocumentSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${s.name}`, ...outline(s.children, depth + 1)]);
}

suite('Logstash pipelines in the editor', () => {
  suiteTeardown(closeAllEditors);

  test('the logstash language is contributed', async () => {
    const languages = await vscode.languages.getLanguages();
    assert.ok(languages.includes('logstash'), `languages: ${languages.join(', ')}`);
  });

  test('a .conf file under pipeline/ opens as Logstash once the server has read it', async () => {
    await openFile(PIPELINE);
    const document = await inLanguage(PIPELINE, 'logstash');
    assert.match(document.getText(), /^filter \{$/m);
  });

  test('an nginx .conf is not Logstash', async () => {
    const editor = await openFile('config/nginx.conf');
    const language = editor.document.languageId;
    assert.notEqual(language, 'logstash');
    // The pipeline opened beside it has become Logstash by now; the nginx file has had the same time and stays.
    await openFile(PIPELINE);
    await inLanguage(PIPELINE, 'logstash');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const nginx = vscode.workspace.textDocuments.find((d) => d.uri.toString() === workspaceFile('config/nginx.conf').toString());
    assert.equal(nginx?.languageId, language);
  });

  test('the outline shows the sections, the plugins (with their id) and the conditionals', async () => {
    await openFile(PIPELINE);
    const document = await inLanguage(PIPELINE, 'logstash');
    const symbols = await waitFor('the outline', async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', document.uri);
      return found && found.length > 0 ? found : undefined;
    }, 30_000);
    assert.deepEqual(outline(symbols), [
      'input',
      '  beats',
      'filter',
      '  if [event][module] == "apache"',
      '    grok (apache-access)',
      '  else',
      '    drop',
      'output',
      '  elasticsearch',
    ]);
    const grok = symbols[1].children[0].children[0];
    assert.equal(document.getText(grok.selectionRange), 'grok');
    assert.equal(grok.kind, vscode.SymbolKind.Function);
  });

  test('Format Document re-indents the pipeline and leaves its strings as they are', async () => {
    await openFile(PIPELINE);
    const document = await inLanguage(PIPELINE, 'logstash');
    const editor = await vscode.window.showTextDocument(document);
    const before = document.getText();
    try {
      await waitFor('the pipeline formatted', async () => {
        await vscode.commands.executeCommand('editor.action.formatDocument');
        return document.getText() !== before ? true : undefined;
      }, 30_000);
      const lines = document.getText().split('\n');
      const indent = ' '.repeat(Number(editor.options.tabSize ?? 4));
      assert.equal(lines[lines.indexOf(`${indent}beats {`) + 1], `${indent.repeat(2)}port => 5044`);
      assert.ok(lines.includes(`${indent}if [event][module] == "apache" {`), document.getText());
      assert.ok(lines.includes(`${indent.repeat(3)}id => "apache-access"`), document.getText());
      // The sprintf and grok texts inside strings are untouched.
      assert.ok(document.getText().includes('"logs-%{[event][module]}-%{+YYYY.MM.dd}"'));
      assert.ok(document.getText().includes('"%{IPORHOST:[source][address]} - %{DATA:[user][name]} %{GREEDYDATA:[url][original]}"'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  test('completion inside [source][ offers source\'s fields with their level badges', async () => {
    await openFile(FIELDS);
    const document = await inLanguage(FIELDS, 'logstash');
    const position = positionOf(document, '[source][ip]', '[source]['.length);
    const items = await waitFor('completion items inside [source][', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
      return list.items.some((item) => labelOf(item) === 'ip') ? list.items : undefined;
    }, 30_000);
    const ip = items.find((item) => labelOf(item) === 'ip')!;
    const badge = `${ip.detail ?? ''} ${typeof ip.label === 'string' ? '' : ip.label.description ?? ''}`;
    assert.match(badge, /\bcore\b/, `badge of ip: ${badge}`);
    assert.ok(!items.some((item) => labelOf(item) === 'event'), 'only source\'s fields inside [source][');
  });

  test('hover on a selector documents its field', async () => {
    await openFile(FIELDS);
    const document = await inLanguage(FIELDS, 'logstash');
    const position = positionOf(document, '[source][ip]', '[source][i'.length);
    const text = await waitFor('hover on [source][ip]', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
      const shown = hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
      return /source\.ip/.test(shown) ? shown : undefined;
    }, 30_000);
    assert.match(text, /source\.ip/);
  });

  test('an unknown field is a diagnostic where it is, and its quick fix renames it', async () => {
    await openFile(FIELDS);
    const document = await inLanguage(FIELDS, 'logstash');
    const diagnostic = await waitFor('the unknown-field diagnostic', () =>
      vscode.languages.getDiagnostics(document.uri).find((d) => codeOf(d) === 'unknown-field'), 30_000);
    assert.ok(diagnostic.range.contains(positionOf(document, '[destination][addres]', '[destination]['.length + 1)), JSON.stringify(diagnostic.range));
    const fix = await waitFor('the rename fix', async () => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
      return actions.find((a) => a.title === 'Rename to [destination][address]' && a.edit !== undefined);
    }, 30_000);
    await vscode.window.showTextDocument(document);
    try {
      assert.equal(await vscode.workspace.applyEdit(fix.edit!), true);
      assert.match(document.getText(), /"\[tmp\]\[addr\]" => "\[destination\]\[address\]"/);
      await waitFor('the diagnostic to go', () => (vscode.languages.getDiagnostics(document.uri).some((d) => codeOf(d) === 'unknown-field') ? undefined : true), 30_000);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });
});
