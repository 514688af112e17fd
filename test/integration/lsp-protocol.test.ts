// The server's protocol behaviour over stdio: cancellation, incremental re-checking, pull and push diagnostics,
// settings and custom definitions. Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CancellationTokenSource, CodeAction, createProtocolConnection, Diagnostic, DiagnosticSeverity, DidChangeWatchedFilesNotification, ExitNotification,
  FileChangeType, InitializeRequest, InsertTextFormat, IPCMessageReader, IPCMessageWriter, LSPErrorCodes, MarkupKind,
  MessageType, ResponseError, ShutdownRequest,
} from 'vscode-languageserver-protocol/node';
import { appliedAction, fileUri, LspSession, markupText, messageText, plainCapabilities, SERVER, startServer, vscodeCapabilities } from '../fixtures/lsp/harness';
import { ManyFormat, manyEvents } from '../fixtures/lsp/manyEvents';

const language = { json: 'json', ndjson: 'json', yaml: 'yaml' } as const;
const scratch = mkdtempSync(join(tmpdir(), 'fieldwise-lsp-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function isCancelled(error: unknown): boolean {
  return error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled;
}

describe('cancellation', () => {
  let server: LspSession;
  before(async () => { server = await startServer({ workspace: scratch }); });
  after(async () => { await server.stop(); });

  test('a request cancelled while the server is busy answers RequestCancelled; the server then answers normally', async () => {
    const { text, starts } = manyEvents(20000, 'json');
    assert.ok(text.length > 4_000_000, `a large document (${text.length} characters)`);
    const uri = fileUri(join(scratch, 'events', 'big.json'));
    server.open(uri, 'json', text);
    // The first pull parses and checks the whole document: the server is busy with it.
    const busy = server.pull(uri);
    const hoverSource = new CancellationTokenSource();
    const hover = server.hover(uri, starts[1234] + 3, hoverSource);
    hoverSource.cancel();
    const pullSource = new CancellationTokenSource();
    const pull = server.pull(uri, undefined, pullSource);
    pullSource.cancel();
    const completionSource = new CancellationTokenSource();
    const completion = server.completion(uri, starts[10] + 1, completionSource);
    completionSource.cancel();
    await assert.rejects(hover, isCancelled, 'hover answers RequestCancelled');
    await assert.rejects(pull, isCancelled, 'diagnostics answer RequestCancelled');
    await assert.rejects(completion, isCancelled, 'completion answers RequestCancelled');
    const report = await busy;
    assert.equal(report.kind, 'full', 'the request that kept the server busy still completes');
    const answered = await server.hover(uri, starts[1234] + 3);
    assert.ok(answered && markupText(answered.contents).includes('@timestamp'), 'a request that is not cancelled is answered');
  });
});

describe('an edit to one event re-checks only that event', () => {
  // Observed through the server's trace (LSP $/logTrace, sent only when the client asks for it): after every
  // diagnostics run it logs "checked N of M events ... (parsed K of M ...)".
  let server: LspSession;
  before(async () => { server = await startServer({ workspace: scratch, trace: 'verbose' }); });
  after(async () => { await server.stop(); });

  const cases: Array<{ format: ManyFormat; count: number }> = [
    { format: 'json', count: 300 },
    { format: 'ndjson', count: 300 },
    { format: 'yaml', count: 300 },
  ];

  for (const { format, count } of cases) {
    test(format, async () => {
      const { text, starts } = manyEvents(count, format);
      const uri = fileUri(join(scratch, 'events', `recheck.${format}`));
      server.open(uri, language[format], text);
      const traced = (version: number): Promise<string> => server.until(`trace of v${version}`,
        () => server.traces.find((t) => t.includes(`recheck.${format} v${version}:`)));
      const first = await server.diagnostics(uri);
      assert.match(await traced(1), new RegExp(`checked ${count} of ${count} events`));
      // Introduce an unknown field into event 150: the key `user.name` becomes `user.nme`.
      const at = text.indexOf('name', starts[150]);
      server.edit(uri, at, at + 4, 'nme');
      const second = await server.diagnostics(uri);
      const line = await traced(2);
      assert.match(line, new RegExp(`checked 1 of ${count} events`), line);
      assert.match(line, new RegExp(`parsed 1 of ${count}\\b`), line);
      // And the answer is the full, right one: the new problem on event 150, every other event's diagnostics kept.
      const doc = server.document(uri);
      assert.ok(second.some((d) => d.code === 'unknown-field' && doc.getText(d.range).includes('nme')), 'the edit is checked');
      const [from, to] = [doc.positionAt(starts[150]).line, doc.positionAt(starts[151]).line];
      const elsewhere = (list: typeof first): string[] => list
        .filter((d) => d.range.start.line < from || d.range.start.line >= to)
        .map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character} ${messageText(d)}`);
      assert.ok(elsewhere(first).length > 0, 'the other events have diagnostics to keep');
      assert.deepEqual(elsewhere(second), elsewhere(first), 'the other events keep their diagnostics');
    });
  }

  test('an edit that shifts every later event still re-checks one event', async () => {
    const { text, starts } = manyEvents(200, 'ndjson');
    const uri = fileUri(join(scratch, 'events', 'shift.ndjson'));
    server.open(uri, 'json', text);
    await server.diagnostics(uri);
    // A longer value on line 3 moves every later line; reused events keep their (rebased) diagnostics.
    const at = text.indexOf('"message":"', starts[3]) + '"message":"'.length;
    server.edit(uri, at, at, 'x'.repeat(50));
    await server.diagnostics(uri);
    const line = await server.until('trace of v2', () => server.traces.find((t) => t.includes('shift.ndjson v2:')));
    assert.match(line, /checked 1 of 200 events/);
  });
});

describe('pull diagnostics', () => {
  let server: LspSession;
  before(async () => { server = await startServer({ workspace: scratch }); });
  after(async () => { await server.stop(); });

  test('asking again with the last resultId answers unchanged', async () => {
    const uri = fileUri(join(scratch, 'events', 'pull.json'));
    server.open(uri, 'json', '{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "source": {"prot": 1}}');
    const first = await server.pull(uri);
    assert.equal(first.kind, 'full');
    assert.ok(first.resultId, 'a full report carries a resultId');
    const again = await server.pull(uri, first.resultId);
    assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId });
    // An edit that changes nothing the checks see (a trailing line break) still answers unchanged; a real change does not.
    const end = server.document(uri).getText().length;
    server.edit(uri, end, end, '\n');
    const afterSpace = await server.pull(uri, first.resultId);
    assert.equal(afterSpace.kind, 'unchanged');
    const text = server.document(uri).getText();
    const prot = text.indexOf('prot');
    server.edit(uri, prot, prot + 4, 'port');
    const fixed = await server.pull(uri, first.resultId);
    assert.equal(fixed.kind, 'full');
    assert.notEqual(fixed.resultId, first.resultId);
  });

  test('the server asks the client to pull again after a settings change', async () => {
    const before = server.refreshes.diagnostics;
    server.changeSettings({ diagnostics: { severity: { 'unknown-field': 'warning' } } });
    await server.until('a diagnostic refresh', () => server.refreshes.diagnostics > before);
    const uri = fileUri(join(scratch, 'events', 'severity.json'));
    server.open(uri, 'json', '{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "source": {"prot": 1}}');
    const found = await server.diagnostics(uri);
    const unknown = found.find((d) => d.code === 'unknown-field');
    assert.ok(unknown, 'unknown-field reported');
    assert.equal(unknown.severity, DiagnosticSeverity.Warning, 'with the configured severity');
    server.changeSettings(null);
  });
});

describe('a client without pull diagnostics, snippets or markdown', () => {
  let server: LspSession;
  before(async () => { server = await startServer({ workspace: scratch, capabilities: plainCapabilities() }); });
  after(async () => { await server.stop(); });

  test('gets diagnostics pushed, with the version they belong to', async () => {
    assert.equal(server.initializeResult.capabilities.diagnosticProvider, undefined, 'no pull provider announced');
    const uri = fileUri(join(scratch, 'events', 'push.json'));
    server.open(uri, 'json', '{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "source": {"prot": 1}}');
    const first = await server.until('pushed diagnostics', () => server.pushed.get(uri)?.[0]);
    assert.equal(first.version, 1);
    assert.ok(first.diagnostics.some((d) => d.code === 'unknown-field'), 'the unknown field is reported');
  });

  test('edits in a burst are checked once, after the burst (debounced)', async () => {
    const uri = fileUri(join(scratch, 'events', 'burst.json'));
    server.open(uri, 'json', '{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "source": {"ip": "10.0.0.1"}}');
    await server.until('the first push', () => server.pushed.get(uri)?.length === 1);
    for (let i = 0; i < 5; i++) {
      const text = server.document(uri).getText();
      server.edit(uri, text.length - 2, text.length - 2, i === 4 ? ', "prot": 1' : ' ');
    }
    const last = await server.until('the push for the last edit', () => server.pushed.get(uri)?.find((p) => p.version === 6));
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(server.pushed.get(uri)!.map((p) => p.version), [1, 6], 'no push for the intermediate versions');
    assert.ok(last.diagnostics.some((d) => d.code === 'unknown-field'));
  });

  test('closing a document clears its diagnostics', async () => {
    const uri = fileUri(join(scratch, 'events', 'push.json'));
    server.close(uri);
    const cleared = await server.until('an empty push', () => server.pushed.get(uri)?.find((p, i) => i > 0 && p.diagnostics.length === 0));
    assert.deepEqual(cleared.diagnostics, []);
  });

  test('completion is plain text, documentation and hover plain', async () => {
    const uri = fileUri(join(scratch, 'events', 'plain.json'));
    const text = '{"source": {"": 1}}';
    server.open(uri, 'json', text);
    const items = await server.completion(uri, text.indexOf('""') + 1);
    assert.ok(items.length > 0, 'items offered');
    for (const item of items) {
      assert.notEqual(item.insertTextFormat, InsertTextFormat.Snippet, `${item.label} is not a snippet`);
      const newText = item.textEdit?.newText ?? '';
      assert.ok(!/\$\d|\$\{\d/.test(newText), `${item.label} inserts no snippet syntax: ${newText}`);
      assert.ok(typeof item.documentation !== 'object' || item.documentation.kind === MarkupKind.PlainText);
      assert.match(item.detail ?? '', /\b(core|extended|custom)\b/, 'the detail carries the level badge');
    }
    const hover = await server.hover(uri, text.indexOf('source') + 1);
    assert.ok(hover && typeof hover.contents === 'object' && 'kind' in hover.contents && hover.contents.kind === MarkupKind.PlainText);
  });
});

describe('completion payload, by what the client can do', () => {
  // At the top level of an event every root name is offered: what each item carries is what the user waits for.
  const text = '{"@timestamp": "2021-05-04T10:12:01Z", "": 1}';
  const caret = text.indexOf('""') + 1;

  test('a client that resolves documentation gets lists without it, and the documentation on resolve', async () => {
    const server = await startServer({ workspace: scratch });
    try {
      assert.equal(server.initializeResult.capabilities.completionProvider?.resolveProvider, true, 'the server offers resolve');
      const uri = fileUri(join(scratch, 'events', 'resolve.json'));
      server.open(uri, 'json', text);
      const items = await server.completion(uri, caret);
      assert.ok(items.length > 30, `every root name offered (${items.length})`);
      assert.ok(items.every((i) => i.documentation === undefined), 'no documentation in the list');
      const source = items.find((i) => i.label === 'source')!;
      const resolved = await server.resolve(source);
      assert.equal(typeof resolved.documentation === 'object' && resolved.documentation.kind, MarkupKind.Markdown);
      assert.match(markupText(resolved.documentation), /source/);
      assert.equal(resolved.label, 'source', 'the rest of the item is unchanged');
      assert.deepEqual(resolved.textEdit, source.textEdit);
      const message = items.find((i) => i.label === 'message')!;
      assert.match(markupText((await server.resolve(message)).documentation), /message/i, 'a field documents itself');
    } finally {
      await server.stop();
    }
  });

  test('a client that cannot resolve gets the documentation inline, and no resolve is offered', async () => {
    const capabilities = vscodeCapabilities();
    delete capabilities.textDocument!.completion!.completionItem!.resolveSupport;
    const server = await startServer({ workspace: scratch, capabilities });
    try {
      assert.ok(!server.initializeResult.capabilities.completionProvider?.resolveProvider, 'no resolve offered');
      const uri = fileUri(join(scratch, 'events', 'inline.json'));
      server.open(uri, 'json', text);
      const items = await server.completion(uri, caret);
      assert.ok(items.length > 30);
      for (const item of items) assert.ok(markupText(item.documentation).length > 0, `${item.label} has documentation inline`);
      assert.match(markupText(items.find((i) => i.label === 'source')!.documentation), /source/);
    } finally {
      await server.stop();
    }
  });

  test('itemDefaults carry the shared edit range and insert format only for a client that applies them', async () => {
    const withDefaults = await startServer({ workspace: scratch });
    const capabilities = vscodeCapabilities();
    delete capabilities.textDocument!.completion!.completionList;
    const without = await startServer({ workspace: scratch, capabilities });
    try {
      for (const server of [withDefaults, without]) {
        const uri = fileUri(join(scratch, 'events', 'defaults.json'));
        server.open(uri, 'json', text);
      }
      const uri = fileUri(join(scratch, 'events', 'defaults.json'));
      const shared = await withDefaults.completionList(uri, caret);
      assert.ok(shared.itemDefaults?.editRange, 'the edit range is sent once');
      assert.equal(shared.itemDefaults?.insertTextFormat, InsertTextFormat.Snippet);
      assert.ok(shared.items.every((i) => i.textEdit === undefined && i.insertTextFormat === undefined), 'items do not repeat them');
      const plain = await without.completionList(uri, caret);
      assert.equal(plain.itemDefaults, undefined, 'no itemDefaults for a client that does not apply them');
      assert.ok(plain.items.every((i) => i.textEdit !== undefined && i.insertTextFormat === InsertTextFormat.Snippet), 'each item has its own edit');
      // Both clients end up inserting the same text over the same range.
      const applied = new Map((await withDefaults.completion(uri, caret)).map((i) => [i.label, i.textEdit]));
      for (const item of plain.items) assert.deepEqual(applied.get(item.label), item.textEdit, item.label);
    } finally {
      await withDefaults.stop();
      await without.stop();
    }
  });
});

describe('the limit on completion items per answer', () => {
  // The top level of an event offers every schema field with its nesting (about 600 entries) where nothing limits it.
  const text = '{"@timestamp": "2021-05-04T10:12:01Z", "": 1}';
  const at = (typed: string): { text: string; caret: number } => {
    const withTyped = text.replace('""', `"${typed}"`);
    return { text: withTyped, caret: withTyped.indexOf(`"${typed}"`) + 1 + typed.length };
  };
  const isSubsequence = (typed: string, label: string): boolean => {
    let i = 0;
    for (const c of label.toLowerCase()) if (c === typed[i]) i++;
    return i === typed.length;
  };

  test('nothing typed at the top level: the root names, and the answer says it is incomplete', async () => {
    const server = await startServer({ workspace: scratch });
    try {
      const uri = fileUri(join(scratch, 'events', 'limit-empty.json'));
      const { text: body, caret } = at('');
      server.open(uri, 'json', body);
      const list = await server.completionList(uri, caret);
      assert.equal(list.isIncomplete, true, 'the client is told to ask again as the user types');
      const labels = list.items.map((i) => i.label);
      assert.ok(labels.length > 30 && labels.length <= 100, `${labels.length} items`);
      assert.deepEqual(labels.filter((l) => l.includes('.')), [], 'only the names of the top level');
      for (const name of ['source', 'process', 'event', 'message', 'tags']) assert.ok(labels.includes(name), `${name} offered`);
      assert.ok(!labels.includes('@timestamp'), 'not a key the event already holds');
    } finally {
      await server.stop();
    }
  });

  test('typing searches every depth: the fields that hold what was typed, deep ones included', async () => {
    const server = await startServer({ workspace: scratch });
    try {
      for (const [typed, wanted] of [['sip', 'source.ip'], ['sha512', 'process.parent.hash.sha512'], ['pro', 'process']] as const) {
        const uri = fileUri(join(scratch, 'events', `limit-${typed}.json`));
        const { text: body, caret } = at(typed);
        server.open(uri, 'json', body);
        const list = await server.completionList(uri, caret);
        const items = await server.completion(uri, caret);
        assert.ok(items.length <= 100, `${typed}: at most the limit (${items.length})`);
        assert.ok(items.some((i) => i.label === wanted), `${typed}: ${wanted} offered; got ${items.map((i) => i.label).slice(0, 20).join(', ')}`);
        assert.deepEqual(items.filter((i) => !isSubsequence(typed, i.filterText ?? i.label)).map((i) => i.label), [], `${typed}: every item matches what was typed`);
        assert.equal(list.isIncomplete, true, `${typed}: still incomplete, so the next keystroke asks again`);
        // The key already has its value: the item renames it to the field's dotted name, as without the limit.
        assert.equal(items.find((i) => i.label === wanted)!.textEdit!.newText, wanted, `${wanted} replaces what was typed`);
      }
    } finally {
      await server.stop();
    }
  });

  test('the setting raises the limit: every field in one complete answer', async () => {
    const server = await startServer({ workspace: scratch, settings: { completion: { maxItems: 5000 } } });
    try {
      const uri = fileUri(join(scratch, 'events', 'limit-raised.json'));
      const { text: body, caret } = at('');
      server.open(uri, 'json', body);
      const list = await server.completionList(uri, caret);
      assert.equal(list.isIncomplete, false);
      const labels = list.items.map((i) => i.label);
      assert.ok(labels.length > 500, `${labels.length} items`);
      assert.ok(labels.includes('process.parent.hash.sha512') && labels.includes('source'));
    } finally {
      await server.stop();
    }
  });

  test('a list within the limit is whole and complete', async () => {
    const server = await startServer({ workspace: scratch });
    try {
      const uri = fileUri(join(scratch, 'events', 'limit-small.json'));
      const body = '{"source": {"": 1}}';
      server.open(uri, 'json', body);
      const list = await server.completionList(uri, body.indexOf('""') + 1);
      assert.equal(list.isIncomplete, false);
      const labels = list.items.map((i) => i.label);
      assert.ok(labels.includes('ip') && labels.includes('geo.city_name'), 'the names of source and the fields below them');
    } finally {
      await server.stop();
    }
  });
});

describe('the ceiling on information and hints per file', () => {
  // 1,205 events, each with one hint (a field set the spec does not define); every 100th also has an error.
  const events = 1205;
  const text = Array.from({ length: events }, (_, i) =>
    `{"@timestamp":"2021-05-04T10:12:01Z","schema":{"version":"1.11.0"},"file":{"path":"/x"}${i % 100 === 0 ? ',"source":{"prot":1}' : ''}}`).join('\n');
  const errors = Math.ceil(events / 100);
  const lowOf = (list: Diagnostic[]): Diagnostic[] => list.filter((d) => d.severity === DiagnosticSeverity.Hint || d.severity === DiagnosticSeverity.Information);
  const noticeOf = (list: Diagnostic[]): Diagnostic[] => list.filter((d) => d.code === 'information-and-hints-left-out');

  test('by default the first 1,000 are shown, every error too, and one diagnostic says what is left out and how to see it', async () => {
    const server = await startServer({ workspace: scratch });
    try {
      const uri = fileUri(join(scratch, 'events', 'ceiling.ndjson'));
      server.open(uri, 'ndjson', text);
      const found = await server.diagnostics(uri);
      assert.equal(found.filter((d) => d.code === 'unknown-field').length, errors, 'every error is reported');
      const notice = noticeOf(found);
      assert.equal(notice.length, 1, 'one notice');
      assert.equal(notice[0].severity, DiagnosticSeverity.Information);
      assert.match(messageText(notice[0]), /205 more information and hint diagnostics/);
      assert.match(messageText(notice[0]), /fieldwise\.diagnostics\.maxInformationAndHints/, 'names the setting');
      assert.match(messageText(notice[0]), /fieldwise check/, 'names the command line');
      const hints = lowOf(found).filter((d) => d.code === 'undefined-field-set');
      assert.equal(hints.length, 1000);
      assert.equal(hints[hints.length - 1].range.start.line, 999, 'the first ones in the file');
    } finally {
      await server.stop();
    }
  });

  test('the setting moves the ceiling; above the count nothing is left out', async () => {
    const server = await startServer({ workspace: scratch, settings: { diagnostics: { maxInformationAndHints: 10 } } });
    try {
      const uri = fileUri(join(scratch, 'events', 'ceiling-10.ndjson'));
      server.open(uri, 'ndjson', text);
      const found = await server.diagnostics(uri);
      assert.equal(found.filter((d) => d.code === 'undefined-field-set').length, 10);
      assert.equal(found.filter((d) => d.code === 'unknown-field').length, errors, 'every error is still reported');
      assert.match(messageText(noticeOf(found)[0]), /1,195 more/);
      server.changeSettings({ diagnostics: { maxInformationAndHints: 5000 } });
      // The refresh the server sends after start-up may arrive after the first answer: pull again on each refresh
      // until one carries the new ceiling (a few refreshes at most; `until` fails the test if none comes).
      let all: Diagnostic[] = [];
      for (let seen = 0, tries = 0; tries < 3 && (tries === 0 || noticeOf(all).length > 0); tries++) {
        await server.until('a diagnostic refresh', () => server.refreshes.diagnostics > seen);
        seen = server.refreshes.diagnostics;
        all = await server.diagnostics(uri);
      }
      assert.equal(all.filter((d) => d.code === 'undefined-field-set').length, events);
      assert.deepEqual(noticeOf(all), [], 'no notice when nothing is left out');
    } finally {
      await server.stop();
    }
  });

  test('a client that cannot pull gets the same ceiling in its pushes', async () => {
    const server = await startServer({ workspace: scratch, capabilities: plainCapabilities(), settings: { diagnostics: { maxInformationAndHints: 10 } } });
    try {
      const uri = fileUri(join(scratch, 'events', 'ceiling-push.ndjson'));
      server.open(uri, 'ndjson', text);
      const pushed = await server.until('a push', () => server.pushed.get(uri)?.[0]);
      assert.equal(lowOf(pushed.diagnostics).length, 11, 'ten hints and the notice');
      assert.equal(pushed.diagnostics.filter((d) => d.code === 'unknown-field').length, errors);
    } finally {
      await server.stop();
    }
  });

  test('diagnostics carry no data: quick fixes are computed on the server', async () => {
    const server = await startServer({ workspace: scratch });
    try {
      const uri = fileUri(join(scratch, 'events', 'fix.json'));
      const doc = '{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "source": {"prot": 1}}';
      server.open(uri, 'json', doc);
      const found = await server.diagnostics(uri);
      assert.ok(found.every((d) => d.data === undefined), 'no data on the wire');
      const actions = await server.codeActions(uri, doc.indexOf('prot'), doc.indexOf('prot') + 4);
      assert.ok(actions.some((a) => /source\.port|port/.test(a.title)), `the rename is offered: ${actions.map((a) => a.title).join(' | ')}`);
    } finally {
      await server.stop();
    }
  });
});

describe('fix-all edits, by what the client can do', () => {
  // Three dotted keys: a quick fix for the one under the caret, and a fix-all of the file.
  const text = '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "labels.a": "x", "labels.b": "y", "host.name": "h"}\n';
  const caret = text.indexOf('labels.a') + 2;

  test('a client that resolves code actions gets the fix-all without its edit, and the same edit from codeAction/resolve', async () => {
    const capabilities = vscodeCapabilities();
    Object.assign(capabilities.textDocument!.codeAction!, { dataSupport: true, resolveSupport: { properties: ['edit'] } });
    const lazy = await startServer({ workspace: scratch, capabilities });
    const eager = await startServer({ workspace: scratch });
    try {
      assert.equal(lazy.initializeResult.capabilities.codeActionProvider && typeof lazy.initializeResult.capabilities.codeActionProvider === 'object'
        && lazy.initializeResult.capabilities.codeActionProvider.resolveProvider, true, 'resolve offered');
      const uri = fileUri(join(scratch, 'events', 'dotted.json'));
      const fixAllOf = async (server: LspSession): Promise<CodeAction> => {
        server.open(uri, 'json', text);
        await server.diagnostics(uri);
        const actions = await server.codeActions(uri, caret, caret);
        assert.ok(actions.some((a) => a.kind === 'quickfix' && a.edit), `the quick fix comes with its edit: ${actions.map((a) => a.title).join('; ')}`);
        const fixAll = actions.find((a) => a.kind === 'source.fixAll');
        assert.ok(fixAll, 'a fix-all is offered');
        return fixAll;
      };
      const sent = await fixAllOf(lazy);
      assert.equal(sent.edit, undefined, 'the fix-all comes without its edit');
      const resolved = await lazy.request<CodeAction>('codeAction/resolve', sent);
      const full = await fixAllOf(eager);
      assert.equal(resolved.title, full.title);
      assert.equal(appliedAction(lazy, uri, resolved), appliedAction(eager, uri, full));
      assert.match(appliedAction(lazy, uri, resolved), /"labels": \{/);
    } finally {
      await Promise.all([lazy.stop(), eager.stop()]);
    }
  });
});

describe('settings', () => {
  let server: LspSession;
  before(async () => { server = await startServer({ workspace: scratch }); });
  after(async () => { await server.stop(); });

  test('fieldwise.inlayHints.enabled turns the level badges off and on', async () => {
    const uri = fileUri(join(scratch, 'events', 'hints.json'));
    server.open(uri, 'json', '{"source": {"ip": "10.0.0.1"}}');
    assert.ok((await server.inlayHints(uri)).length > 0, 'hints by default');
    const before = server.refreshes.inlayHints;
    server.changeSettings({ inlayHints: { enabled: false } });
    await server.until('an inlay hint refresh', () => server.refreshes.inlayHints > before);
    assert.deepEqual(await server.inlayHints(uri), []);
    server.changeSettings({ inlayHints: { enabled: true } });
    await server.until('another inlay hint refresh', () => server.refreshes.inlayHints > before + 1);
    assert.ok((await server.inlayHints(uri)).length > 0, 'hints again');
  });
});

describe('custom definitions', () => {
  const good = (fields: string[]): string => [
    'fieldset: acme',
    'title: Acme',
    'description: Fields of the Acme organisation.',
    'fields:',
    ...fields.flatMap((name) => [`  - name: ${name}`, '    type: keyword', '    level: custom', `    description: The ${name} of an Acme order.`]),
    '',
  ].join('\n');

  for (const watching of ['client', 'server'] as const) {
    test(`load, break and repair, watched by the ${watching}`, async () => {
      const folder = mkdtempSync(join(scratch, `defs-${watching}-`));
      mkdirSync(join(folder, '.fieldwise'));
      const definitions = join(folder, '.fieldwise', 'acme.yml');
      writeFileSync(definitions, good(['order_id']));
      const capabilities = vscodeCapabilities();
      if (watching === 'server') capabilities.workspace!.didChangeWatchedFiles = { dynamicRegistration: false };
      const server = await startServer({ workspace: folder, capabilities });
      const changed = async (): Promise<void> => {
        if (watching === 'client') {
          await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: fileUri(definitions), type: FileChangeType.Changed }] });
        }
      };
      try {
        const uri = fileUri(join(folder, 'events', 'order.json'));
        server.open(uri, 'json', '{"acme": {"": 1}}');
        assert.deepEqual(await server.request('fieldwise/status', { uri }), { schemaVersion: '1.11.0', customFieldCount: 1 });
        const items = await server.completion(uri, '{"acme": {"'.length);
        const order = items.find((i) => i.label === 'order_id');
        assert.ok(order, 'the custom field is offered');
        assert.equal(order.labelDetails?.description, 'custom');

        writeFileSync(definitions, good(['order_id']).replace('type: keyword', 'type: nonsense'));
        await changed();
        const error = await server.until('an error message', () => server.shown.find((m) => m.type === MessageType.Error));
        assert.match(error.message, /acme\.yml/, 'names the file');
        assert.match(error.message, /type/, 'names the problem');
        assert.match(error.message, /keeping the last definitions that loaded \(1 custom fields\)/);
        assert.deepEqual(await server.request('fieldwise/status', { uri }), { schemaVersion: '1.11.0', customFieldCount: 1 }, 'last good kept');

        writeFileSync(definitions, good(['order_id', 'customer_id']));
        await changed();
        await server.until('an all-clear', () => server.shown.find((m) => m.type === MessageType.Info));
        assert.deepEqual(await server.request('fieldwise/status', { uri }), { schemaVersion: '1.11.0', customFieldCount: 2 });
      } finally {
        await server.stop();
      }
    });
  }
});

describe('transports', () => {
  test('Node IPC (how the VS Code extension starts the server)', async () => {
    const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    connection.listen();
    try {
      const result = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: vscodeCapabilities() });
      assert.equal(result.serverInfo?.name, 'fieldwise-language-server');
      assert.equal(result.capabilities.hoverProvider, true);
      await connection.sendRequest(ShutdownRequest.type);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await connection.sendNotification(ExitNotification.type);
      await exited;
    } finally {
      connection.dispose();
      child.kill();
    }
  });

  test('without a transport the server says how to start it and exits with status 2', () => {
    const run = spawnSync(process.execPath, [SERVER], { encoding: 'utf8', timeout: 20000 });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /usage: fieldwise-language-server --stdio/);
  });
});
