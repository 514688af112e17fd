// Long editing sessions through the real server (dist/server.js over stdio) with a small heap: memory must not grow
// with every keystroke, and closing a document must release what it held. A leak shows as the server dying
// ("JavaScript heap out of memory") or answering wrongly; nothing here measures time (the bench does).
// Needs `npm run build` first.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DocumentSymbolRequest, type Diagnostic, type SymbolInformation } from 'vscode-languageserver-protocol';
import { fileUri, markupText, messageText, startServer } from '../fixtures/lsp/harness';
import { applyEdit, Edit } from '../fuzz/mutations';
import { processMemoryMb, sessionFolder } from '../fuzz/serverSession';
import { documentOfSize, longSessionInputs, malformedYaml, typingEdit } from '../fuzz/typing';
import { FILE_KINDS } from '../fuzz/inputs';

const EDITS = 2000;
// The old leak kept every version of a 70 KB YAML document: dead after about 1,300 edits with a 120 MB heap.
const HEAP = ['--max-old-space-size=150'];

const shown = (list: readonly Diagnostic[]): string[] =>
  list.map((d) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)} ${messageText(d)}`);

// Each event new in an edited version was a slice of that version's whole text, and V8 keeps a slice's parent alive:
// typing at random events kept about one version per edit (a 1 MB JSON document: 219 MB to 1.6 GB over 2,000 edits;
// with a 200 MB heap the server died before edit 400). Small documents hide it, so these are 1 MB. YAML, well-formed
// and malformed, goes through its own splitter and parsers (the splitter made 6 MB of garbage per keystroke on 1 MB).
// YAML gets 150 MB: this document's 8,600 diagnostics go out whole after each keystroke, and with 100 MB the server
// runs out of heap while answering (98 MB live at that moment; the JSON one, with 8,000, fits).
// Bounded: a leaking server does not always die at the limit, it may collect garbage for minutes first.
const LARGE: ReadonlyArray<{ label: string; malformed: boolean; kind: string; heapMb: number; keystrokes: number }> = [
  { label: 'JSON', malformed: false, kind: 'json', heapMb: 100, keystrokes: 400 },
  { label: 'YAML', malformed: false, kind: 'yaml', heapMb: 150, keystrokes: 400 },
  { label: 'malformed YAML', malformed: true, kind: 'yaml', heapMb: 150, keystrokes: 400 },
  // A Logstash config is parsed and checked whole on each version: no earlier version's tree or tokens may stay
  // behind. A version's tree and references are many times its text: far fewer leaked versions than these overflow the heap.
  { label: 'Logstash', malformed: false, kind: 'logstash', heapMb: 100, keystrokes: 150 },
  // A large Beats configuration is read in units kept from version to version (and shared with the workspace index's
  // reading): a unit's text moves to the newest version, and no older version is kept among the documents read last.
  { label: 'Beats', malformed: false, kind: 'beats', heapMb: 150, keystrokes: 400 },
];
for (const large of LARGE) {
  test(`typing at random events of a 1 MB ${large.label} document keeps no version of its text: ${large.keystrokes} keystrokes with a ${large.heapMb} MB heap`, { timeout: 300_000 }, async () => {
    const kind = FILE_KINDS.find((k) => k.label === large.kind)!;
    const folder = sessionFolder();
    const server = await startServer({ workspace: folder, nodeArgs: [`--max-old-space-size=${large.heapMb}`], settings: { files: { events: ['events/**'] } } });
    try {
      // A Beats configuration is one by its folder (modules.d); the other kinds are read under events/.
      const dir = large.kind === 'beats' ? kind.folder : 'events';
      const uri = fileUri(join(folder, `${dir}/large.${kind.extension}`));
      const generated = documentOfSize(kind, 1_000_000);
      let text = large.malformed ? malformedYaml(generated) : generated;
      server.open(uri, kind.languageId, text);
      await server.diagnostics(uri);
      let edit: Edit | undefined;
      for (let n = 1; n <= large.keystrokes; n++) {
        edit = typingEdit(text, n, 13, edit);
        server.edit(uri, edit.start, edit.end, edit.text);
        text = applyEdit(text, edit);
        await server.diagnostics(uri);
      }
      assert.equal(server.child.exitCode, null, `the server is still running; stderr: ${server.stderr.slice(-500)}`);
      // One edit more (a letter typed): the edited document still answers as the same text opened fresh.
      edit = typingEdit(text, large.keystrokes + 1, 13, edit);
      server.edit(uri, edit.start, edit.end, edit.text);
      text = applyEdit(text, edit);
      const edited = shown(await server.diagnostics(uri));
      const fresh = fileUri(join(folder, `${dir}/fresh.${kind.extension}`));
      server.open(fresh, kind.languageId, text);
      assert.deepEqual(edited, shown(await server.diagnostics(fresh)), 'the edited document has the diagnostics of the same text opened fresh');
    } finally {
      await server.stop();
    }
  });
}

describe(`${EDITS} keystrokes with a 150 MB heap`, () => {
  for (const input of longSessionInputs(50_000)) {
    test(`${input.label}: the server survives and answers as for the same text opened fresh`, async () => {
      const folder = sessionFolder();
      const server = await startServer({ workspace: folder, nodeArgs: HEAP, settings: { files: { events: ['events/**'] } } });
      try {
        const uri = fileUri(join(folder, `${input.kind.folder}/long.${input.kind.extension}`));
        let text = input.text;
        server.open(uri, input.kind.languageId, text);
        let edit: Edit | undefined;
        for (let n = 1; n <= EDITS; n++) {
          edit = typingEdit(text, n, 13, edit);
          server.edit(uri, edit.start, edit.end, edit.text);
          text = applyEdit(text, edit);
          await server.diagnostics(uri);
        }
        assert.equal(server.child.exitCode, null, `the server is still running; stderr: ${server.stderr.slice(-500)}`);
        const edited = shown(await server.diagnostics(uri));
        const fresh = fileUri(join(folder, `${input.kind.folder}/fresh.${input.kind.extension}`));
        server.open(fresh, input.kind.languageId, text);
        assert.deepEqual(edited, shown(await server.diagnostics(fresh)), 'the edited document has the diagnostics of the same text opened fresh');
        // Malformed YAML may have broken the structure around any key: the diagnostics above are its check.
        if (input.label === 'pipeline' || input.label === 'field definitions') {
          const hover = await server.hover(uri, text.indexOf('source.ip') + 8);
          assert.match(markupText(hover?.contents), /source\.ip/, 'hover on a field name still documents its field');
        } else if (input.label === 'logstash') {
          // A flat outline (the test client does not take a tree): the sections are the entries without a container.
          const symbols = await server.request<SymbolInformation[]>(DocumentSymbolRequest.method, { textDocument: { uri } });
          assert.deepEqual(symbols.filter((s) => s.containerName === undefined).map((s) => s.name), ['input', 'filter', 'output'], 'the outline still shows the sections');
        } else if (input.label === 'mapping' || input.label === 'console') {
          const hover = await server.hover(uri, text.indexOf('"ip": {') + 2);
          assert.match(markupText(hover?.contents), /\w\.ip\b/, 'hover on a mapped field name still documents its field');
        } else if (input.label === 'beats') {
          const hover = await server.hover(uri, text.indexOf('to: destination.address') + 18);
          assert.match(markupText(hover?.contents), /destination\.address/, 'hover on a field a processor writes still documents its field');
        } else if (input.label !== 'malformed yaml') {
          const key = text.indexOf(input.kind.format === 'yaml' ? 'city_name:' : '"city_name"');
          const hover = await server.hover(uri, key + 3);
          assert.match(markupText(hover?.contents), /geo\.city_name/, 'hover on a key still documents its field');
        }
      } finally {
        await server.stop();
      }
    });
  }
});

test('closing documents releases what they held: 150 documents of 70 KB opened, checked and closed with a 100 MB heap', async () => {
  const folder = sessionFolder();
  const server = await startServer({ workspace: folder, nodeArgs: ['--max-old-space-size=100'], settings: { files: { events: ['events/**'] } } });
  try {
    const memory: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 50; i++) {
        const kind = FILE_KINDS[i % FILE_KINDS.length];
        // A different text each time: nothing one document held is shared with the next.
        const text = documentOfSize(kind, 70_000, round * 1000 + i + 1);
        const uri = fileUri(join(folder, `${kind.folder}/doc-${round}-${i}.${kind.extension}`));
        server.open(uri, kind.languageId, text);
        const diagnostics = await server.diagnostics(uri);
        // A clean generated Logstash config has no finding: its outline shows it was read.
        const read = diagnostics.length > 0 || (await server.request<SymbolInformation[] | null>(DocumentSymbolRequest.method, { textDocument: { uri } }))?.length;
        assert.ok(read, `${uri} is checked`);
        await server.completion(uri, text.length >> 1);
        await server.hover(uri, text.length >> 2);
        await server.inlayHints(uri);
        await server.codeActions(uri, 0, text.length);
        server.close(uri);
      }
      memory.push(processMemoryMb(server.child.pid!, 'VmRSS'));
    }
    assert.equal(server.child.exitCode, null, `the server is still running; stderr: ${server.stderr.slice(-500)}`);
    // Closed documents hold nothing: the third fifty leave the server no bigger than the first did.
    assert.ok(memory[2] <= memory[0] * 1.25, `resident memory after each fifty documents: ${memory.map((m) => m.toFixed(0)).join(', ')} MB`);
  } finally {
    await server.stop();
  }
});
