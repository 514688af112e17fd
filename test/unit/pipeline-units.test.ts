// A JSON pipeline is read as units, one per top-level processor (document/pipeline/pipelineUnits.ts), and an edit
// keeps the units whose text it did not touch: the edited version must get exactly what the same text opened fresh
// gets (diagnostics, references), however the edit reaches across processors: a temporary field whose later
// `remove` changes, a capture whose later `convert` changes, a read name written elsewhere, processors inserted and
// deleted, and an edit that breaks the JSON and one that mends it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FileType } from '../../server/src/document/fileType';
import type { PipelineDocument } from '../../server/src/kinds/pipelines/pipelineDocument';
import { LanguageService, SourceDocument } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { testCatalog } from '../helpers/featureFixture';

const FILE = 'firewall.json';
const catalog = testCatalog();

const processors = [
  { grok: { field: 'message', patterns: ['%{IP:source.ip} %{NUMBER:source.bytes} %{WORD:source.tmp_action} %{WORD:source.addres}'] } },
  { set: { field: 'event.kind', value: 'evnt' } },
  { rename: { field: 'srcport', target_field: 'source.port' } },
  { set: { field: 'event.outcome', copy_from: 'event.outcme' } },
  { set: { field: 'fortinet.firewall.action', value: '{{source.tmp_action}}' } },
  { remove: { field: 'source.tmp_action' } },
  { convert: { field: 'source.bytes', type: 'long' } },
  { unknown_thing: { field: 'x' } },
];

const pipeline = (list: readonly object[]): string => `${JSON.stringify({ description: 'vendor firewall', processors: list }, null, 2)}\n`;

const refsOf = (doc: PipelineDocument): string[] =>
  doc.refs.map((r) => `${r.index} ${r.role} ${r.access} ${r.joinedPath} ${r.segments.map((s) => `${s.start}-${s.end}`).join(',')}`);

/** Opens `text` as the language server does: detection, then the parse that takes detection's reading. */
function open(service: LanguageService, text: string, previous?: SourceDocument): { doc: PipelineDocument; type: FileType } {
  const type = service.fileTypeOf(FILE, text, defaultSettings);
  assert.equal(type?.kind, 'ingestPipeline');
  return { doc: service.parse(text, type, previous) as PipelineDocument, type: type };
}

/** Each text in turn, as edits of one document, against the same texts opened fresh in a new service. */
function typeThrough(texts: readonly string[]): PipelineDocument[] {
  const service = new LanguageService(catalog);
  const docs: PipelineDocument[] = [];
  let previous: SourceDocument | undefined;
  for (const text of texts) {
    const { doc } = open(service, text, previous);
    const edited = service.diagnostics(doc, FILE);
    const freshService = new LanguageService(catalog);
    const fresh = open(freshService, text).doc;
    assert.deepEqual(edited, freshService.diagnostics(fresh, FILE), `diagnostics of the edited version equal a fresh open's:\n${text}`);
    assert.deepEqual(refsOf(doc), refsOf(fresh));
    docs.push(doc);
    previous = doc;
  }
  return docs;
}

const codes = (service: LanguageService, text: string): string[] => service.diagnostics(open(service, text).doc, FILE).map((d) => `${d.code} ${text.slice(d.start, d.end)}`);

test('a well-formed JSON pipeline is read as units, and opening it gives what reading it whole gives', () => {
  const text = pipeline(processors);
  const { doc } = open(new LanguageService(catalog), text);
  assert.equal(doc.units?.units.length, processors.length, 'one unit per top-level processor');
  const found = codes(new LanguageService(catalog), text);
  assert.ok(found.includes('unknown-processor unknown_thing'), found.join('\n'));
  assert.ok(found.includes('unknown-read-field outcme'), found.join('\n'));
  assert.ok(!found.some((f) => f.includes('tmp_action')), 'a temporary field removed later is not reported');
  assert.ok(!found.some((f) => f.startsWith('capture-type-mismatch')), 'source.bytes is converted later');
});

test('an edit inside one processor keeps every other unit, and the result is a fresh open\'s', () => {
  const before = pipeline(processors);
  const after = before.replace('"evnt"', '"event"');
  const [first, second] = typeThrough([before, after]);
  const kept = second.units!.units.filter((u, i) => u.unit === first.units!.units[i].unit).length;
  assert.equal(kept, processors.length - 1, 'only the edited processor is read again');
});

test('inserting and deleting processors keeps the units around them, shifted', () => {
  const inserted = [...processors.slice(0, 3), { lowercase: { field: 'user.name' } }, ...processors.slice(3)];
  const deleted = processors.filter((_, i) => i !== 1);
  const [first, second, third] = typeThrough([pipeline(processors), pipeline(inserted), pipeline(deleted)]);
  const units = (d: PipelineDocument): Set<object> => new Set(d.units!.units.map((u) => u.unit));
  const shared = [...units(second)].filter((u) => units(first).has(u)).length;
  assert.equal(shared, processors.length, 'every processor but the inserted one is kept');
  assert.ok([...units(third)].filter((u) => units(second).has(u)).length >= deleted.length - 1);
});

test('a later remove that stops removing a temporary field brings its finding back, and back again', () => {
  const removes = pipeline(processors);
  const keeps = removes.replace('"field": "source.tmp_action"', '"field": "source.tmp_other"');
  const docs = typeThrough([removes, keeps, removes]);
  const service = new LanguageService(catalog);
  assert.ok(!codes(service, removes).some((f) => f.includes('tmp_action')));
  assert.ok(codes(service, keeps).some((f) => f === 'unknown-field tmp_action'), 'without the remove, source.tmp_action is an unknown field');
  assert.equal(docs.length, 3);
});

test('a later convert that goes away makes an earlier untyped capture a finding', () => {
  const converts = pipeline(processors);
  const without = pipeline(processors.filter((p) => !('convert' in p)));
  typeThrough([converts, without, converts]);
  const service = new LanguageService(catalog);
  assert.ok(codes(service, without).some((f) => f.startsWith('capture-type-mismatch source.bytes')));
});

test('a name read that another processor starts to write is no longer a likely typo', () => {
  const reads = pipeline(processors);
  const writes = pipeline([...processors, { set: { field: 'event.outcme', value: 'x' } }]);
  typeThrough([reads, writes, reads]);
});

test('an edit that breaks the JSON reads the text whole, and the edit that mends it reads units again', () => {
  const good = pipeline(processors);
  const broken = good.replace('"evnt"', '"evnt');
  const docs = typeThrough([good, broken, good]);
  assert.equal(docs[1].units, undefined, 'half-typed JSON is parsed whole, tolerantly');
  assert.ok(docs[1].errors.length > 0);
  assert.ok(docs[2].units !== undefined);
});

test('completion and hover inside a unit answer as on the pipeline read whole', () => {
  const text = pipeline(processors);
  const service = new LanguageService(catalog);
  const { doc } = open(service, text);
  const at = text.indexOf('source.port') + 'source.'.length;
  const hover = service.hover(doc, FILE, at);
  assert.match(hover?.markdown ?? '', /source\.port/);
  assert.deepEqual([hover?.start, hover?.end], [at, at + 'port'.length]);
  const labels = service.complete(doc, FILE, at).map((c) => c.label);
  assert.ok(labels.includes('source.port'), labels.slice(0, 20).join(', '));
});
