// Ingest pipelines through the built server over stdio, as an editor sees them: a YAML pipeline, a JSON pipeline and
// console text (Kibana Dev Tools requests); pulled and pushed diagnostics, completion inside a grok pattern and on a
// `field:` value, hover, inlay hints, the rename fix applied, the file kind following the content as it is edited,
// closing, and malformed pipelines that never crash the server nor get an error answer.
// Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { CodeActionKind, CompletionItem, Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { caret } from '../helpers/caret';
import { appliedAction, FIXTURES, fileUri, LspSession, markupText, plainCapabilities, startServer } from '../fixtures/lsp/harness';

const WORKSPACE = join(FIXTURES, 'workspace');

let server: LspSession;
let counter = 0;

before(async () => {
  server = await startServer({ workspace: WORKSPACE });
});

after(async () => {
  await server.stop();
});

/** Opens a document at a path below the workspace (a new one each time: `{n}` is replaced by a counter). */
function openAt(path: string, languageId: string, text: string, on: LspSession = server): string {
  const uri = fileUri(join(WORKSPACE, path.replace('{n}', String(++counter))));
  on.open(uri, languageId, text);
  return uri;
}

/** `code: the text under its range` for each diagnostic, in document order. */
function described(uri: string, diagnostics: readonly Diagnostic[], on: LspSession = server): string[] {
  const doc = on.document(uri);
  return [...diagnostics]
    .sort((a, b) => doc.offsetAt(a.range.start) - doc.offsetAt(b.range.start))
    .map((d) => `${String(d.code)}: ${doc.getText(d.range)}`);
}

const HANDLER_YAML = 'on_failure:\n  - set:\n      field: event.kind\n      value: pipeline_error\n  - set:\n      field: error.message\n      value: "{{{_ingest.on_failure_message}}}"\n';
const HANDLER_JSON = '"on_failure": [{"set": {"field": "event.kind", "value": "pipeline_error"}}, {"set": {"field": "error.message", "value": "{{{_ingest.on_failure_message}}}"}}]';

const YAML_PIPELINE = [
  '---',
  'description: Pipeline for web access logs',
  'processors:',
  '  - grok:',
  '      field: message',
  '      patterns:',
  "        - '%{IP:source.ip} %{NUMBER:http.response.status_code:long} %{DATA:_tmp.path}'",
  '  - rename:',
  '      field: _tmp.path',
  '      target_field: url.pth',
  '  - set:',
  "      if: ctx.event?.outcme == 'failure'",
  '      field: event.kind',
  '      value: alert',
  '  - grokk:',
  '      field: message',
  HANDLER_YAML,
].join('\n');

const JSON_PIPELINE = `{"description": "json", "processors": [{"set": {"field": "source.ipp", "value": "{{srcip}}"}}, {"user_agent": {"field": "user_agent.original"}}], ${HANDLER_JSON}}\n`;

const CONSOLE = [
  '# Dev Tools',
  'GET _cat/indices',
  '',
  'PUT _ingest/pipeline/web',
  `{"processors": [{"set": {"field": "host.nam", "value": "x"}}], ${HANDLER_JSON}}`,
  '',
  'PUT _ingest/pipeline/other',
  '{"processors": [{"lowercase": {"field": "event.action"}}]}',
  '',
].join('\n');

interface DiagnosticCase {
  name: string;
  path: string;
  languageId: string;
  text: string;
  /** Every diagnostic: code and the text its range covers. */
  diagnostics: string[];
}

const diagnosticCases: DiagnosticCase[] = [
  {
    name: 'a YAML pipeline (by path)', path: 'elasticsearch/ingest_pipeline/case-{n}.yml', languageId: 'yaml', text: YAML_PIPELINE,
    diagnostics: ['unknown-field: pth', 'unknown-read-field: outcme', 'unknown-processor: grokk'],
  },
  {
    name: 'a JSON pipeline (by content)', path: 'notes/case-{n}.json', languageId: 'json', text: JSON_PIPELINE,
    diagnostics: ['unknown-field: ipp', 'undefined-field-set: user_agent'],
  },
  {
    name: 'console text in a .http file', path: 'requests-{n}.http', languageId: 'es-console', text: CONSOLE,
    diagnostics: ['unknown-field: nam', 'no-failure-handler: processors'],
  },
  {
    name: 'console text by language id', path: 'scratch/console-{n}.txt', languageId: 'es-console', text: CONSOLE,
    diagnostics: ['unknown-field: nam', 'no-failure-handler: processors'],
  },
];

describe('pipeline diagnostics', () => {
  for (const c of diagnosticCases) {
    test(`pulled: ${c.name}`, async () => {
      const uri = openAt(c.path, c.languageId, c.text);
      const found = await server.diagnostics(uri);
      assert.deepEqual(described(uri, found), c.diagnostics);
      assert.ok(found.every((d) => d.source === 'fieldwise'));
    });
  }

  test('pushed to a client that does not pull, and cleared when the document closes', async () => {
    const plain = await startServer({ workspace: WORKSPACE, capabilities: plainCapabilities() });
    try {
      for (const c of diagnosticCases) {
        const uri = openAt(c.path, c.languageId, c.text, plain);
        const pushed = await plain.until(`a push for ${c.name}`, () => plain.pushed.get(uri)?.[0]);
        assert.equal(pushed.version, 1);
        assert.deepEqual(described(uri, pushed.diagnostics, plain), c.diagnostics, c.name);
        plain.close(uri);
        const cleared = await plain.until(`an empty push for ${c.name}`, () => plain.pushed.get(uri)?.find((p, i) => i > 0 && p.diagnostics.length === 0));
        assert.deepEqual(cleared.diagnostics, []);
      }
    } finally {
      await plain.stop();
    }
  });
});

// ---------- completion, hover, inlay hints ----------

/** The document text after accepting a completion item (its text edit, snippet markers accepted as they are). */
function accepted(uri: string, item: CompletionItem): string {
  const edit = item.textEdit;
  assert.ok(edit, `${item.label} has a text edit`);
  const range = 'range' in edit ? edit.range : edit.replace;
  const newText = edit.newText.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
  return TextDocument.applyEdits(server.document(uri), [{ range, newText }]);
}

const completionCases: Array<{ name: string; path: string; languageId: string; fixture: string; pick: string; badge: string; result: string }> = [
  {
    name: 'inside a grok pattern (YAML)', path: 'elasticsearch/ingest_pipeline/case-{n}.yml', languageId: 'yaml',
    fixture: "processors:\n  - grok:\n      field: message\n      patterns: ['%{IP:source.i‸}']\n", pick: 'source.ip', badge: 'core',
    result: "processors:\n  - grok:\n      field: message\n      patterns: ['%{IP:source.ip}']\n",
  },
  {
    name: 'inside a grok pattern (JSON, after an escaped quote)', path: 'notes/case-{n}.json', languageId: 'json',
    fixture: '{"processors": [{"grok": {"field": "message", "patterns": ["\\"%{IP:destination.‸}"]}}]}', pick: 'destination.port', badge: 'core',
    result: '{"processors": [{"grok": {"field": "message", "patterns": ["\\"%{IP:destination.port}"]}}]}',
  },
  {
    name: 'on a field: value', path: 'elasticsearch/ingest_pipeline/case-{n}.yml', languageId: 'yaml',
    fixture: 'processors:\n  - set:\n      field: event.outc‸\n      value: success\n', pick: 'event.outcome', badge: 'core',
    result: 'processors:\n  - set:\n      field: event.outcome\n      value: success\n',
  },
  {
    name: 'on a field value inside console text', path: 'requests-{n}.http', languageId: 'es-console',
    fixture: 'PUT _ingest/pipeline/x\n{"processors": [{"rename": {"field": "a", "target_field": "user.na‸"}}]}\n', pick: 'user.name', badge: 'core',
    result: 'PUT _ingest/pipeline/x\n{"processors": [{"rename": {"field": "a", "target_field": "user.name"}}]}\n',
  },
];

describe('pipeline completion', () => {
  for (const c of completionCases) {
    test(c.name, async () => {
      const { text, offset } = caret(c.fixture, '‸');
      const uri = openAt(c.path, c.languageId, text);
      const items = await server.completion(uri, offset);
      const item = items.find((i) => i.label === c.pick);
      assert.ok(item, `${c.pick} offered; got ${items.map((i) => i.label).slice(0, 30).join(', ')}`);
      assert.equal(item.labelDetails?.description, c.badge);
      assert.ok(markupText((await server.resolve(item)).documentation).length > 0, 'it has documentation, when resolved');
      assert.equal(accepted(uri, item), c.result);
    });
  }
});

describe('pipeline hover and inlay hints', () => {
  test('hover on a field: value shows the field\'s docs over the segment under the caret', async () => {
    const { text, offset } = caret('processors:\n  - set:\n      field: source.geo.cou‸ntry_iso_code\n      value: FR\n', '‸');
    const uri = openAt('elasticsearch/ingest_pipeline/case-{n}.yml', 'yaml', text);
    const hover = await server.hover(uri, offset);
    assert.ok(hover?.range, 'a hover with a range');
    assert.equal(server.document(uri).getText(hover.range), 'country_iso_code');
    const said = markupText(hover.contents);
    for (const s of ['source.geo.country_iso_code', 'core']) assert.ok(said.includes(s), `hover says ${s}: ${said}`);
  });

  test('hover on a processor name says what it does and what it requires', async () => {
    const { text, offset } = caret('{"processors": [{"re‸name": {"field": "a", "target_field": "b"}}]}', '‸');
    const uri = openAt('notes/case-{n}.json', 'json', text);
    const hover = await server.hover(uri, offset);
    assert.ok(hover?.range);
    assert.equal(server.document(uri).getText(hover.range), 'rename');
    assert.match(markupText(hover.contents), /Required: `field`, `target_field`/);
  });

  test('inlay hints: a level badge right after each known field name (read or written), none after unknown or temporary names', async () => {
    const uri = openAt('elasticsearch/ingest_pipeline/case-{n}.yml', 'yaml', YAML_PIPELINE);
    const hints = await server.inlayHints(uri);
    const doc = server.document(uri);
    const seen = hints.map((h) => {
      const at = doc.offsetAt(h.position);
      const before = YAML_PIPELINE.slice(0, at).match(/[\w.@]+$/)?.[0];
      return `${before} ${typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')}`;
    });
    assert.deepEqual(seen, [
      'message core', 'source.ip core', 'http.response.status_code extended', 'event.kind core', 'event.kind core', 'error.message core',
    ]);
  });
});

// ---------- quick fixes ----------

describe('pipeline quick fixes', () => {
  test('rename an unknown written field to the suggestion: the edit applied gives the fixed pipeline', async () => {
    const uri = openAt('elasticsearch/ingest_pipeline/case-{n}.yml', 'yaml', YAML_PIPELINE);
    const found = await server.diagnostics(uri);
    const unknown = found.find((d) => d.code === 'unknown-field');
    assert.ok(unknown);
    const doc = server.document(uri);
    const actions = await server.codeActions(uri, doc.offsetAt(unknown.range.start), doc.offsetAt(unknown.range.end));
    const rename = actions.find((a) => a.kind === CodeActionKind.QuickFix && a.title === "Rename to 'url.path'");
    assert.ok(rename, `offered: ${actions.map((a) => a.title).join('; ')}`);
    assert.equal(rename.isPreferred, true);
    assert.equal(rename.diagnostics?.[0]?.code, 'unknown-field');
    assert.equal(appliedAction(server, uri, rename), YAML_PIPELINE.replace('target_field: url.pth', 'target_field: url.path'));
  });

  test('rename inside a JSON grok pattern with escapes lands on the name', async () => {
    const text = '{"processors": [{"grok": {"field": "m", "patterns": ["\\\\[%{IP:source.ipp}\\\\]"]}}], ' + HANDLER_JSON + '}';
    const uri = openAt('notes/case-{n}.json', 'json', text);
    const unknown = (await server.diagnostics(uri)).find((d) => d.code === 'unknown-field');
    assert.ok(unknown);
    assert.equal(server.document(uri).getText(unknown.range), 'ipp');
    const doc = server.document(uri);
    const rename = (await server.codeActions(uri, doc.offsetAt(unknown.range.start), doc.offsetAt(unknown.range.end))).find((a) => a.title === "Rename to 'source.ip'");
    assert.ok(rename);
    assert.equal(appliedAction(server, uri, rename), text.replace('source.ipp', 'source.ip'));
  });
});

// ---------- the file kind follows the content ----------

describe('edits that change what the file is', () => {
  test('an event document edited into a pipeline and back: diagnostics, completion and hover follow', async () => {
    const event = '{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "source": {"prot": 6}}\n';
    const pipeline = `{"processors": [{"set": {"field": "source.prot", "value": "6"}}], ${HANDLER_JSON}}\n`;
    const uri = openAt('notes/case-{n}.json', 'json', event);
    const asEvent = await server.diagnostics(uri);
    assert.deepEqual(described(uri, asEvent).filter((d) => d.startsWith('unknown-field')), ['unknown-field: prot']);

    server.edit(uri, 0, event.length, pipeline);
    assert.deepEqual(described(uri, await server.diagnostics(uri)), ['unknown-field: prot']);
    const hover = await server.hover(uri, pipeline.indexOf('"set"') + 2);
    assert.match(markupText(hover?.contents), /ingest processor/, 'hover on a processor name: the file is a pipeline now');
    const items = await server.completion(uri, pipeline.indexOf('source.prot') + 'source.'.length);
    assert.ok(items.some((i) => i.label === 'source.port'), 'dotted field names, as a pipeline completes them');

    server.edit(uri, 0, pipeline.length, event);
    assert.deepEqual(described(uri, await server.diagnostics(uri)).filter((d) => d.startsWith('unknown-field')), ['unknown-field: prot']);
    assert.equal(await server.hover(uri, event.indexOf('"@timestamp"') - 1), null);
    const eventItems = await server.completion(uri, event.indexOf('"prot"') + 1);
    assert.ok(eventItems.some((i) => i.label === 'port'), 'key names, as an event completes them');
  });

  test('closing releases the document: nothing answers for it, and reopening it reads the new text', async () => {
    const uri = openAt('elasticsearch/ingest_pipeline/case-{n}.yml', 'yaml', YAML_PIPELINE);
    assert.ok((await server.diagnostics(uri)).length > 0);
    server.close(uri);
    server.open(uri, 'yaml', `processors:\n  - set:\n      field: event.kind\n      value: event\n${HANDLER_YAML}`);
    assert.deepEqual(await server.diagnostics(uri), [], 'the same URI and version, new text: checked anew');
    server.close(uri);
    const at = { textDocument: { uri }, position: { line: 2, character: 14 } };
    assert.equal(await server.request('textDocument/hover', at), null);
    assert.equal(await server.request('textDocument/completion', at), null);
  });
});

// ---------- malformed pipelines ----------

const malformed: Array<{ name: string; path: string; languageId: string; text: string }> = [
  { name: 'half-typed YAML', path: 'elasticsearch/ingest_pipeline/case-{n}.yml', languageId: 'yaml', text: 'processors:\n  - grok:\n      field: mess\n      patterns: ["%{IP:sou\n  - set:\n      fi' },
  { name: 'unclosed JSON', path: 'elasticsearch/ingest_pipeline/case-{n}.json', languageId: 'json', text: '{"processors": [{"set": {"field": "source.ip", "value": "{{src' },
  { name: 'processors: 5', path: 'elasticsearch/ingest_pipeline/case-{n}.yml', languageId: 'yaml', text: 'processors: 5\non_failure: "x"\n' },
  { name: 'a processor whose value is a list', path: 'elasticsearch/ingest_pipeline/case-{n}.json', languageId: 'json', text: '{"processors": [{"set": ["field", "source.ip"]}, {"grok": null}, 7, [], {"": {}}, {"rename": {"field": ["a", {"b": 1}], "target_field": 3}}]}' },
  { name: 'a foreach whose processor is a list, on_failure an object', path: 'elasticsearch/ingest_pipeline/case-{n}.yml', languageId: 'yaml', text: 'processors:\n  - foreach:\n      field: x\n      processor: [set]\n      on_failure: {set: 1}\n  - script:\n      source: "ctx[\'a\'][\n"\n  - dissect:\n      pattern: "%{"\n' },
  { name: 'console with a broken body and a body-less request', path: 'requests-{n}.http', languageId: 'es-console', text: 'PUT _ingest/pipeline/a\n{"processors": [{"set": \n\nPUT _ingest/pipeline/b\n\nPOST _ingest/pipeline/_simulate\n{"pipeline": 5, "docs": "x"}\n' },
];

describe('malformed pipelines never crash the server nor get an error answer', () => {
  for (const c of malformed) {
    test(c.name, async () => {
      const uri = openAt(c.path, c.languageId, c.text);
      const length = c.text.length;
      await server.diagnostics(uri);
      await server.inlayHints(uri);
      await server.codeActions(uri, 0, length);
      for (let offset = 0; offset <= length; offset++) {
        await server.completion(uri, offset);
        await server.hover(uri, offset);
      }
      // Type it again character by character: every prefix is a pipeline being written.
      server.edit(uri, 0, length, '');
      for (let i = 0; i < length; i += 7) {
        server.edit(uri, i, i, c.text.slice(i, i + 7));
        await server.diagnostics(uri);
      }
      assert.equal(server.document(uri).getText(), c.text);
      assert.deepEqual(server.logs.filter((l) => / failed: |unexpected error/.test(l)), [], 'no feature failed');
      assert.equal(server.child.exitCode, null, 'the server is still running');
    });
  }
});
