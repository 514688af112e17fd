// Logstash pipelines through the built server over stdio, as an editor sees them: a `.conf` file opened as another
// language (VS Code opens them as Properties) is recognised by its content and the client is told its language; an
// nginx `.conf` is left alone; the outline, folding ranges, formatting and range formatting of a pipeline; syntax
// errors as diagnostics, pulled and pushed; the field features: diagnostics with their quick fix applied, completion
// inside a selector, hover on one, level badges. Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ClientCapabilities, DocumentFormattingRequest, DocumentRangeFormattingRequest, DocumentSymbol, DocumentSymbolRequest,
  FoldingRange, FoldingRangeRequest, SymbolInformation, SymbolKind, TextEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { appliedAction, FIXTURES, fileUri, LspSession, markupText, plainCapabilities, startServer, vscodeCapabilities } from '../fixtures/lsp/harness';

const WORKSPACE = join(FIXTURES, 'workspace');

/** VS Code's capabilities with what it announces for these requests, and the Fieldwise client's own capability. */
function editorCapabilities(): ClientCapabilities {
  const caps = vscodeCapabilities();
  caps.textDocument!.documentSymbol = { hierarchicalDocumentSymbolSupport: true };
  caps.textDocument!.foldingRange = { lineFoldingOnly: true };
  caps.textDocument!.formatting = { dynamicRegistration: true };
  caps.textDocument!.rangeFormatting = { dynamicRegistration: true };
  caps.experimental = { fieldwise: { documentLanguage: true } };
  return caps;
}

const PIPELINE = [
  'input {',
  '  beats { port => 5044 }',
  '}',
  'filter {',
  'if [event][module] == "apache" {',
  'grok {',
  'match => { "message" => "%{COMBINEDAPACHELOG}" }',
  'id => "apache-access"',
  '}',
  '} else if [type] =~ /^syslog/ {',
  'mutate { add_tag => [ "syslog" ] }',
  '}',
  '}',
  'output {',
  '  elasticsearch { hosts => ["localhost:9200"] index => "%{[@metadata][beat]}-%{+YYYY.MM.dd}" }',
  '}',
  '',
].join('\n');

const FORMATTED = [
  'input {',
  '  beats { port => 5044 }',
  '}',
  'filter {',
  '  if [event][module] == "apache" {',
  '    grok {',
  '      match => { "message" => "%{COMBINEDAPACHELOG}" }',
  '      id => "apache-access"',
  '    }',
  '  } else if [type] =~ /^syslog/ {',
  '    mutate { add_tag => [ "syslog" ] }',
  '  }',
  '}',
  'output {',
  '  elasticsearch { hosts => ["localhost:9200"] index => "%{[@metadata][beat]}-%{+YYYY.MM.dd}" }',
  '}',
  '',
].join('\n');

const NGINX = 'user nginx;\nevents {\n  worker_connections 1024;\n}\n';

let server: LspSession;
let counter = 0;

before(async () => {
  server = await startServer({ workspace: WORKSPACE, capabilities: editorCapabilities() });
});

after(async () => {
  await server.stop();
});

function openAt(path: string, languageId: string, text: string, on: LspSession = server): string {
  const uri = fileUri(join(WORKSPACE, path.replace('{n}', String(++counter))));
  on.open(uri, languageId, text);
  return uri;
}

/** SymbolKind's names by number (the protocol's SymbolKind is a namespace of numbers). */
const KIND_NAMES = new Map<number, string>(Object.entries(SymbolKind).map(([name, value]) => [value as number, name]));

/** The outline as indented `kind name` lines. */
function outline(symbols: readonly DocumentSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${KIND_NAMES.get(s.kind)} ${s.name}`, ...outline(s.children ?? [], depth + 1)]);
}

describe('recognition and the language the client is told', () => {
  test('formatting is registered for the logstash language', async () => {
    const registered = await server.until('formatting registrations', () => {
      const found = server.registrations.filter((r) => r.method === DocumentFormattingRequest.method || r.method === DocumentRangeFormattingRequest.method);
      return found.length === 2 && found;
    });
    for (const r of registered) {
      const languages = (r.registerOptions as { documentSelector: Array<{ language: string }> }).documentSelector.map((s) => s.language);
      assert.ok(languages.includes('logstash'), `${r.method}: ${languages.join(', ')}`);
    }
  });

  test('a .conf pipeline opened as Properties is told to be logstash, once; its syntax errors are diagnostics', async () => {
    const uri = openAt('pipeline/{n}-main.conf', 'properties', 'filter {\n  mutate { add_field => }\n}\n');
    const told = await server.until('the language notification', () => server.languages.find((l) => l.uri === uri));
    assert.equal(told.languageId, 'logstash');
    const diagnostics = await server.diagnostics(uri);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['syntax-error', 1]]);
    server.edit(uri, 0, 0, '# edited\n');
    await server.diagnostics(uri);
    assert.equal(server.languages.filter((l) => l.uri === uri).length, 1, 'told once');
    server.close(uri);
  });

  test('content alone: a .conf outside the globs becomes Logstash once its first section is typed', async () => {
    const uri = openAt('notes/{n}.conf', 'properties', '');
    assert.deepEqual(await server.diagnostics(uri), [], 'not a pipeline yet');
    server.edit(uri, 0, 0, 'output {\n  stdout { }\n}\n');
    const told = await server.until('the language notification', () => server.languages.find((l) => l.uri === uri));
    assert.equal(told.languageId, 'logstash');
    server.close(uri);
  });

  test('a file opened as logstash is never told again', async () => {
    const uri = openAt('pipeline/{n}-ok.conf', 'logstash', PIPELINE);
    // COMBINEDAPACHELOG writes `timestamp` at the root (a hint); nothing else.
    assert.deepEqual((await server.diagnostics(uri)).map((d) => d.code), ['unnamespaced-custom-field']);
    assert.equal(server.languages.some((l) => l.uri === uri), false);
    server.close(uri);
  });

  test('an nginx .conf, even under conf.d/, gets no language, no diagnostics, no outline and no formatting', async () => {
    const uri = openAt('conf.d/{n}-nginx.conf', 'properties', NGINX);
    assert.deepEqual(await server.diagnostics(uri), []);
    assert.equal(await server.request(DocumentSymbolRequest.method, { textDocument: { uri } }), null);
    assert.equal(await server.request(DocumentFormattingRequest.method, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), null);
    assert.equal(server.languages.some((l) => l.uri === uri), false);
    server.close(uri);
  });
});

describe('outline, folding and formatting', () => {
  test('the outline lists sections, plugins (with their id) and conditionals, each name selected', async () => {
    const uri = openAt('pipeline/{n}.conf', 'logstash', PIPELINE);
    const symbols = await server.request<DocumentSymbol[]>(DocumentSymbolRequest.method, { textDocument: { uri } });
    assert.deepEqual(outline(symbols), [
      'Namespace input',
      '  Function beats',
      'Namespace filter',
      '  Operator if [event][module] == "apache"',
      '    Function grok (apache-access)',
      '  Operator else if [type] =~ /^syslog/',
      '    Function mutate',
      'Namespace output',
      '  Function elasticsearch',
    ]);
    const doc = server.document(uri);
    const grok = symbols[1].children![0].children![0];
    assert.equal(doc.getText(grok.selectionRange), 'grok');
    assert.deepEqual([grok.range.start.line, grok.range.end.line], [5, 8]);
    server.close(uri);
  });

  test('folding ranges: each block spanning lines, from its first line to its closing bracket', async () => {
    const uri = openAt('pipeline/{n}.conf', 'logstash', PIPELINE);
    const ranges = await server.request<FoldingRange[]>(FoldingRangeRequest.method, { textDocument: { uri } });
    assert.deepEqual(ranges.map((r) => [r.startLine, r.endLine]), [[0, 2], [3, 12], [4, 9], [5, 8], [9, 11], [13, 15]]);
    server.close(uri);
  });

  test('Format Document re-indents in the editor\'s tab size and leaves strings, regexps and sprintf alone; formatting twice changes nothing', async () => {
    const uri = openAt('pipeline/{n}.conf', 'logstash', PIPELINE);
    const edits = await server.request<TextEdit[]>(DocumentFormattingRequest.method, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const formatted = TextDocument.applyEdits(server.document(uri), edits);
    assert.equal(formatted, FORMATTED);
    server.close(uri);
    const again = openAt('pipeline/{n}.conf', 'logstash', formatted);
    assert.deepEqual(await server.request<TextEdit[]>(DocumentFormattingRequest.method, { textDocument: { uri: again }, options: { tabSize: 2, insertSpaces: true } }), []);
    server.close(again);
  });

  test('Format Selection re-indents the selected lines only', async () => {
    const uri = openAt('pipeline/{n}.conf', 'logstash', PIPELINE);
    const doc = server.document(uri);
    const range = { start: { line: 5, character: 0 }, end: { line: 8, character: 1 } };
    const edits = await server.request<TextEdit[]>(DocumentRangeFormattingRequest.method, { textDocument: { uri }, range, options: { tabSize: 4, insertSpaces: true } });
    const lines = TextDocument.applyEdits(doc, edits).split('\n');
    assert.deepEqual(lines.slice(4, 10), [
      'if [event][module] == "apache" {',
      '        grok {',
      '            match => { "message" => "%{COMBINEDAPACHELOG}" }',
      '            id => "apache-access"',
      '        }',
      '} else if [type] =~ /^syslog/ {',
    ]);
    server.close(uri);
  });
});

describe('a client without pull diagnostics, hierarchical symbols or the language capability', () => {
  let plain: LspSession;
  before(async () => {
    plain = await startServer({ workspace: WORKSPACE, capabilities: plainCapabilities() });
  });
  after(async () => {
    await plain.stop();
  });

  test('gets syntax errors pushed, a flat outline and no language notification', async () => {
    const uri = openAt('pipeline/{n}.conf', 'properties', 'input {\n  beats { port => }\n}\n', plain);
    const pushed = await plain.until('pushed diagnostics', () => plain.pushed.get(uri)?.at(-1));
    assert.deepEqual(pushed.diagnostics.map((d) => [d.code, d.range.start.line]), [['syntax-error', 1]]);
    const symbols = await plain.request<SymbolInformation[]>(DocumentSymbolRequest.method, { textDocument: { uri } });
    assert.deepEqual(symbols.map((s) => [s.name, s.containerName]), [['input', undefined], ['beats', 'input']]);
    assert.deepEqual(plain.languages, []);
    plain.close(uri);
  });
});

describe('the fields a pipeline names', () => {
  const TEXT = [
    'input {',
    '  beats { port => 5044 }',
    '}',
    'filter {',
    '  if [source][ip] and [event][outcme] == "failure" {',
    '    mutate { rename => { "[tmp][addr]" => "[destination][addres]" } add_field => { "[event][kind]" => "alert" } }',
    '  }',
    '}',
    'output {',
    '  elasticsearch { index => "logs-%{[event][dataset]}-%{+YYYY.MM.dd}" }',
    '}',
    '',
  ].join('\n');

  test('diagnostics on the names written and read, and the rename fix applied through the protocol', async () => {
    const uri = openAt('pipeline/{n}-fields.conf', 'logstash', TEXT);
    const doc = server.document(uri);
    const diagnostics = await server.diagnostics(uri);
    assert.deepEqual(diagnostics.map((d) => `${String(d.code)} ${doc.getText(d.range)}`), ['unknown-read-field outcme', 'unknown-field addres']);
    const at = TEXT.indexOf('addres');
    const actions = await server.codeActions(uri, at, at + 6, ['quickfix']);
    const rename = actions.find((a) => a.title === 'Rename to [destination][address]');
    assert.ok(rename, `offered: ${actions.map((a) => a.title).join(' | ')}`);
    assert.match(appliedAction(server, uri, rename), /"\[tmp\]\[addr\]" => "\[destination\]\[address\]"/);
    server.close(uri);
  });

  test('completion inside [source][ of a condition offers source\'s fields, each closing its ]', async () => {
    const text = 'filter {\n  if [source][ {\n  }\n}\n';
    const uri = openAt('pipeline/{n}-complete.conf', 'logstash', text);
    const items = await server.completion(uri, text.indexOf('[source][') + '[source]['.length);
    const ip = items.find((i) => i.label === 'ip');
    assert.ok(ip, items.map((i) => i.label).join(' '));
    assert.equal(ip.textEdit && 'newText' in ip.textEdit ? ip.textEdit.newText : ip.insertText, 'ip]');
    assert.match(ip.labelDetails?.description ?? ip.detail ?? '', /\bcore\b/);
    server.close(uri);
  });

  test('hover on a selector documents the field; badges follow the references the schema knows', async () => {
    const uri = openAt('pipeline/{n}-hover.conf', 'logstash', TEXT);
    const hover = await server.hover(uri, TEXT.indexOf('[source][ip]') + '[source]['.length);
    assert.match(markupText(hover?.contents), /source\.ip/);
    const hints = await server.inlayHints(uri);
    assert.ok(hints.some((h) => h.label === 'core' && server.offset(uri, h.position) === TEXT.indexOf('[event][kind]') + '[event][kind]'.length), JSON.stringify(hints.map((h) => h.label)));
    server.close(uri);
  });
});
