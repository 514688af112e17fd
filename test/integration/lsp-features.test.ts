// The built server over stdio, as an editor sees it: completion (labels and level badges), hover, inlay hints and
// diagnostics on JSON, NDJSON and YAML event documents, half-typed ones included.
// Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeAction, CodeActionKind, CompletionItem, Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { caret } from '../helpers/caret';
import { appliedAction, FIXTURES, fileUri, LspSession, markupText, messageText, startServer } from '../fixtures/lsp/harness';

const WORKSPACE = join(FIXTURES, 'workspace');
const language = { json: 'json', ndjson: 'json', yaml: 'yaml' } as const;
type Format = keyof typeof language;

let server: LspSession;
let counter = 0;

before(async () => {
  server = await startServer({ workspace: WORKSPACE });
});

after(async () => {
  await server.stop();
});

/** Opens `text` as a new event document (under events/, so it is one by name) and returns its URI. */
function openEvent(format: Format, text: string): string {
  const uri = fileUri(join(WORKSPACE, 'events', `case-${++counter}.${format}`));
  server.open(uri, language[format], text);
  return uri;
}

function textOf(uri: string, d: { range: Diagnostic['range'] }): string {
  const doc = server.document(uri);
  return doc.getText(d.range);
}

function badge(item: CompletionItem): string | undefined {
  return item.labelDetails?.description;
}

// ---------- completion ----------

interface CompletionCase {
  name: string;
  format: Format;
  /** The document with `|` at the caret. */
  fixture: string;
  /** Labels that must be offered, with the badge each must show. */
  offers: Record<string, string>;
  /** Labels that must not be offered here. */
  absent: string[];
  /** Text the first offered label inserts must start with this (after snippet markers are removed). */
  inserts?: [label: string, startsWith: string];
}

const completionCases: CompletionCase[] = [
  {
    name: 'JSON: children of the enclosing object only, minus keys already there',
    format: 'json',
    fixture: '{"@timestamp": "2021-05-04T10:12:01Z", "source": {"ip": "10.0.0.1", "|"}}',
    offers: { port: 'core', geo: 'core', address: 'extended' },
    absent: ['ip', 'event', '@timestamp', 'source'],
  },
  {
    name: 'JSON, half-typed: an unterminated key at the end of the file',
    format: 'json',
    fixture: '{"@timestamp": "2021-05-04T10:12:01Z", "source": {"ip": "10.0.0.1", "|',
    offers: { port: 'core', mac: 'core' },
    absent: ['ip', 'event'],
  },
  {
    name: 'JSON, half-typed: a root key being typed without its closing quote (names at every depth that hold it)',
    format: 'json',
    fixture: '{"@timestamp": "2021-05-04T10:12:01Z", "sou|',
    offers: { source: 'core', 'source.port': 'core', 'destination.geo.country_iso_code': 'core' },
    absent: ['@timestamp', 'ip', 'event'],
  },
  {
    name: 'NDJSON: allowed values of event.category, inserted as an array',
    format: 'ndjson',
    fixture: '{"@timestamp":"2021-05-04T10:12:01Z","event":{"kind":"event"}}\n{"event": {"category": |',
    offers: { authentication: 'core', network: 'core', intrusion_detection: 'core' },
    absent: ['alert', 'ip'],
    inserts: ['network', '["network"]'],
  },
  {
    name: 'NDJSON: keys on the second line know their own event',
    format: 'ndjson',
    fixture: '{"@timestamp":"2021-05-04T10:12:01Z","user":{"name":"a"}}\n{"user": {"name": "b", "|"}}',
    offers: { email: 'extended', domain: 'extended', id: 'core' },
    absent: ['name', 'ip'],
  },
  {
    name: 'YAML: nested reuse (source.geo.*)',
    format: 'yaml',
    fixture: "'@timestamp': '2021-05-04T10:12:01Z'\nsource:\n  geo:\n    c|",
    offers: { city_name: 'core', country_iso_code: 'core', continent_name: 'core' },
    absent: ['ip', 'port', 'source'],
  },
  {
    name: 'YAML: recommended values of network.direction',
    format: 'yaml',
    fixture: 'network:\n  direction: |',
    offers: { ingress: 'core', egress: 'core', inbound: 'core', outbound: 'core' },
    absent: ['tcp', 'alert'],
  },
  {
    name: 'YAML, second document of the file',
    format: 'yaml',
    fixture: "---\n'@timestamp': '2021-05-04T10:12:01Z'\n---\nhost:\n  |",
    offers: { hostname: 'core', ip: 'core', name: 'core' },
    absent: ['@timestamp', 'source'],
  },
];

describe('completion', () => {
  for (const c of completionCases) {
    test(c.name, async () => {
      const { text, offset } = caret(c.fixture);
      const uri = openEvent(c.format, text);
      const items = await server.completion(uri, offset);
      const byLabel = new Map(items.map((i) => [i.label, i]));
      for (const [label, level] of Object.entries(c.offers)) {
        const item = byLabel.get(label);
        assert.ok(item, `${label} offered; got ${items.map((i) => i.label).slice(0, 40).join(', ')}`);
        assert.equal(badge(item), level, `${label} shows the ${level} badge`);
        assert.match(item.detail ?? '', new RegExp(`\\b${level}\\b`), `${label}'s detail names its level`);
        // VS Code resolves the documentation of the item it shows.
        assert.equal(item.documentation, undefined, `${label}'s documentation waits for resolve`);
        assert.ok(markupText((await server.resolve(item)).documentation).length > 0, `${label} has documentation`);
        assert.ok(item.textEdit, `${label} has a text edit`);
        const edit = item.textEdit;
        const range = 'range' in edit ? edit.range : edit.replace;
        const doc = server.document(uri);
        assert.ok(doc.offsetAt(range.start) <= offset && offset <= doc.offsetAt(range.end), `${label}'s edit covers the caret`);
      }
      for (const label of c.absent) assert.ok(!byLabel.has(label), `${label} not offered here`);
      // Core fields sort before extended ones.
      const sorted = [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
      const firstExtended = sorted.findIndex((i) => badge(i) === 'extended');
      const lastCore = sorted.map((i) => badge(i)).lastIndexOf('core');
      if (firstExtended >= 0 && lastCore >= 0) assert.ok(lastCore < firstExtended, 'core items sort first');
      if (c.inserts) {
        const [label, prefix] = c.inserts;
        const edit = byLabel.get(label)!.textEdit!;
        assert.ok(edit.newText.replace(/\$\{?\d+\}?/g, '').startsWith(prefix), `${label} inserts ${prefix}; got ${edit.newText}`);
      }
    });
  }
});

// ---------- hover ----------

interface HoverCase {
  name: string;
  format: Format;
  fixture: string;
  /** Every string must appear in the hover text. */
  says: string[];
  /** The text the hover's range covers. */
  covers: string;
}

const hoverCases: HoverCase[] = [
  {
    name: 'JSON nested key',
    format: 'json',
    fixture: '{"source": {"i|p": "10.0.0.1"}}',
    says: ['source.ip', 'ip', 'core'],
    covers: 'ip',
  },
  {
    name: 'JSON dotted key, one segment of it',
    format: 'json',
    fixture: '{"source.geo.ci|ty_name": "Paris"}',
    says: ['source.geo.city_name', 'keyword', 'core'],
    covers: 'city_name',
  },
  {
    name: 'YAML dotted key under a nested object',
    format: 'yaml',
    fixture: 'source:\n  geo.country_iso|_code: FR\n',
    says: ['source.geo.country_iso_code', 'core'],
    covers: 'country_iso_code',
  },
  {
    name: 'NDJSON unknown field names the closest defined one',
    format: 'ndjson',
    fixture: '{"@timestamp":"2021-05-04T10:12:01Z"}\n{"source": {"pro|t": 6}}',
    says: ['source.prot', 'unknown', 'source.port'],
    covers: 'prot',
  },
  {
    name: 'YAML half-typed key with no value yet',
    format: 'yaml',
    fixture: 'event:\n  categ|ory:',
    says: ['event.category', 'core'],
    covers: 'category',
  },
];

describe('hover', () => {
  for (const c of hoverCases) {
    test(c.name, async () => {
      const { text, offset } = caret(c.fixture);
      const uri = openEvent(c.format, text);
      const hover = await server.hover(uri, offset);
      assert.ok(hover, 'a hover is shown');
      const said = markupText(hover.contents);
      for (const s of c.says) assert.ok(said.includes(s), `hover says ${s}: ${said}`);
      assert.ok(hover.range, 'the hover has a range');
      assert.equal(server.document(uri).getText(hover.range), c.covers);
    });
  }
});

// ---------- inlay hints ----------

describe('inlay hints', () => {
  test('a level badge after each known key of the JSON fixture, none after unknown ones', async () => {
    const text = readFileSync(join(WORKSPACE, 'events/network.json'), 'utf8');
    const uri = openEvent('json', text);
    const hints = await server.inlayHints(uri);
    const doc = server.document(uri);
    const at = new Map(hints.map((h) => [doc.offsetAt(h.position), typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')]));
    const afterKey = (key: string, nth = 0): number => {
      let from = 0;
      for (let i = 0; i <= nth; i++) from = text.indexOf(`"${key}"`, from) + 1;
      return from - 1 + key.length + 2;
    };
    assert.equal(at.get(afterKey('@timestamp')), 'core');
    assert.equal(at.get(afterKey('source')), 'core');
    assert.equal(at.get(afterKey('ip')), 'core');
    assert.equal(at.get(afterKey('transport')), 'core');
    assert.equal(at.get(afterKey('prot')), undefined, 'no badge on an unknown field');
    for (const offset of at.keys()) assert.equal(text[offset - 1], '"', 'hints sit right after a key');
  });

  test('hints are limited to the requested range (YAML)', async () => {
    const text = readFileSync(join(WORKSPACE, 'events/alerts.yaml'), 'utf8');
    const uri = openEvent('yaml', text);
    const second = text.indexOf('---', 3);
    const all = await server.inlayHints(uri);
    const tail = await server.inlayHints(uri, second);
    const doc = server.document(uri);
    assert.ok(tail.length > 0 && tail.length < all.length, `${tail.length} of ${all.length} hints in the second document`);
    assert.ok(tail.every((h) => doc.offsetAt(h.position) >= second));
    const labels = new Set(all.map((h) => h.label));
    assert.ok(labels.has('core'), 'core badges shown');
  });
});

// ---------- diagnostics ----------

interface DiagnosticCase {
  fixture: string;
  format: Format;
  /** Every error and warning the file has: code and the text its range covers (quotes stripped). */
  problems: Array<[code: string, covers: string, mentions?: string]>;
}

const diagnosticCases: DiagnosticCase[] = [
  {
    fixture: 'events/network.json',
    format: 'json',
    problems: [
      ['unknown-field', 'prot', 'source.port'],
      ['type-mismatch', 'network'],
      ['type-mismatch', '12345'],
    ],
  },
  {
    fixture: 'events/stream.ndjson',
    format: 'ndjson',
    problems: [
      ['unknown-field', 'nam', 'user.name'],
      ['syntax-error', ''],
      ['invalid-value', 'surprise', 'alert'],
    ],
  },
  {
    fixture: 'events/alerts.yaml',
    format: 'yaml',
    problems: [
      ['nested-only', 'geo'],
      ['invalid-version', '1.11', '1.11.0'],
      ['unknown-field', 'host_ip', 'host.ip'],
    ],
  },
];

describe('diagnostics', () => {
  for (const c of diagnosticCases) {
    test(`${c.fixture}: exactly the injected problems, each on its key or value`, async () => {
      const text = readFileSync(join(WORKSPACE, c.fixture), 'utf8');
      const uri = openEvent(c.format, text);
      const found = (await server.diagnostics(uri)).filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
      const describeAll = found.map((d) => `${d.code} ${JSON.stringify(textOf(uri, d))} ${messageText(d)}`).join('\n');
      // Several syntax errors at one truncated line (missing name, value and brace) count as one problem.
      const distinct = new Set(found.map((d) => (d.code === 'syntax-error' ? `syntax-error@${d.range.start.line}` : `${d.code}@${d.range.start.line}:${d.range.start.character}`)));
      assert.equal(distinct.size, c.problems.length, `problems found:\n${describeAll}`);
      for (const [code, covers, mentions] of c.problems) {
        const match = found.find((d) => d.code === code && (covers === '' || textOf(uri, d).replace(/^["']|["']$/g, '') === covers));
        assert.ok(match, `${code} on ${JSON.stringify(covers)}; found:\n${describeAll}`);
        assert.equal(match.source, 'fieldwise');
        if (mentions) assert.ok(messageText(match).includes(mentions), `message mentions ${mentions}: ${messageText(match)}`);
      }
    });
  }

  test('half-typed JSON: the syntax error is reported and the rest is still checked', async () => {
    const uri = openEvent('json', '{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "source": {"prot": 6, "ip": ');
    const found = await server.diagnostics(uri);
    assert.ok(found.some((d) => d.code === 'syntax-error' && d.severity === DiagnosticSeverity.Error), 'syntax error reported');
    assert.ok(found.some((d) => d.code === 'unknown-field' && textOf(uri, d).includes('prot')), 'the complete part is still checked');
  });

  test('a correct event has no errors or warnings', async () => {
    const uri = openEvent('yaml', "'@timestamp': '2021-05-04T10:12:01Z'\nschema:\n  version: 1.11.0\nevent:\n  kind: event\n  category: [network]\n  type: [connection]\nsource:\n  ip: 10.1.2.3\n  port: 51234\n");
    const found = (await server.diagnostics(uri)).filter((d) => (d.severity ?? 1) <= DiagnosticSeverity.Warning);
    assert.deepEqual(found.map((d) => `${d.code}: ${typeof d.message === 'string' ? d.message : d.message.value}`), []);
  });
});

// ---------- code actions ----------

/** The document after applying an action's edits (as versioned documentChanges, which this client supports). */
function applied(uri: string, action: CodeAction): string {
  return appliedAction(server, uri, action);
}

describe('code actions', () => {
  test('YAML: a quick fix renames an unknown field to the schema\'s suggestion', async () => {
    const text = readFileSync(join(WORKSPACE, 'events/alerts.yaml'), 'utf8');
    const uri = openEvent('yaml', text);
    await server.diagnostics(uri);
    const at = text.indexOf('host_ip') + 2;
    const actions = await server.codeActions(uri, at, at);
    const rename = actions.find((a) => a.kind === CodeActionKind.QuickFix && a.title.includes('host.ip'));
    assert.ok(rename, `a rename to host.ip is offered: ${actions.map((a) => a.title).join('; ')}`);
    assert.equal(rename.isPreferred, true);
    assert.equal(rename.diagnostics?.[0]?.code, 'unknown-field', 'it names the diagnostic it fixes');
    assert.match(applied(uri, rename), /\n {2}ip: 10\.0\.0\.1\n/);
  });

  test('JSON: source.fixAll, asked for alone, fixes every problem of a kind', async () => {
    const text = '[{"@timestamp": "2021-05-04T10:12:01Z", "schema": {"version": "1.11.0"}, "event": {"category": "network"}},\n' +
      ' {"@timestamp": "2021-05-04T10:12:02Z", "schema": {"version": "1.11.0"}, "event": {"category": "process"}}]';
    const uri = openEvent('json', text);
    const actions = await server.codeActions(uri, 0, text.length, [CodeActionKind.SourceFixAll]);
    assert.ok(actions.length > 0, 'a fix-all action is offered');
    assert.ok(actions.every((a) => a.kind === CodeActionKind.SourceFixAll), 'only what was asked for');
    const fixAll = actions.find((a) => a.title.includes('type-mismatch'));
    assert.ok(fixAll, `fix all type-mismatch: ${actions.map((a) => a.title).join('; ')}`);
    const fixed = applied(uri, fixAll);
    assert.match(fixed, /"category": \["network"\]/);
    assert.match(fixed, /"category": \["process"\]/);
  });
});

// ---------- document selection ----------

// An empty answer is also what a handler that threw gives (lsp/guard.ts); the harness refuses any answer that came
// with a failure in the server's log, so "nothing" below is never a crash.
describe('files that are not event documents get nothing', () => {
  for (const [file, languageId] of [['package.json', 'json'], ['.github/ci.yaml', 'yaml']] as const) {
    test(file, async () => {
      const text = readFileSync(join(WORKSPACE, file), 'utf8');
      const uri = fileUri(join(WORKSPACE, file));
      server.open(uri, languageId, text);
      assert.deepEqual(await server.diagnostics(uri), []);
      assert.equal(await server.hover(uri, text.indexOf('ip') >= 0 ? text.indexOf('ip') : 3), null);
      assert.deepEqual(await server.completion(uri, text.indexOf('{') + 1), []);
      assert.deepEqual(await server.inlayHints(uri), []);
    });
  }
});

describe('a handler that fails is not taken for "nothing"', () => {
  // The protocol requires a position; without one the hover handler throws, and guard.ts logs it and answers null.
  const hoverWithoutPosition = (uri: string): Promise<unknown> => server.request('textDocument/hover', { textDocument: { uri }, position: null });

  test('the null answer is refused, with the server\'s log line', async () => {
    const uri = openEvent('json', '{"source": {"ip": "10.0.0.1"}}');
    await assert.rejects(hoverWithoutPosition(uri), (error: Error) => {
      assert.match(error.message, /logged a failure during textDocument\/hover:\nfieldwise: hover failed: /);
      return true;
    });
  });

  test('provoked on purpose and declared, the same failure answers null', async () => {
    const uri = openEvent('json', '{"source": {"ip": "10.0.0.1"}}');
    server.expectFailure(/^fieldwise: hover failed: /);
    assert.equal(await hoverWithoutPosition(uri), null);
    assert.notEqual(await server.hover(uri, 14), null, 'the next hover is answered');
  });
});
