// Applying every offered quick fix, one after another, to generated events full of near-miss names, wrong types and
// foreign meta fields, and to field definition files and mappings (the corpus's and generated ones with their
// mistakes): a file without syntax errors never gets one, no key or value is lost that the fix did not name (its
// diagnostic's range), and the fixing ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { DocumentFormat, Span, ValueNode } from '../../server/src/document/model';
import { applyEdits } from '../../server/src/kinds/events/edits';
import type { FwDiagnostic, QuickFix } from '../../server/src/features/types';
import { service } from './diagnostics-fixture';
import { Codec, fuzzParameters } from '../fuzz/replay';
import { FILE_KINDS, FileKind, fuzzInputs } from '../fuzz/inputs';
import type { SourceDocument } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { fileTypeOf } from '../../server/src/service/detect';
import { testCatalog } from './diagnostics-fixture';
import { EventDocument, parseEvents } from '../helpers/events';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const names = fc.constantFrom(
  '@timestamp', 'message', 'tags', 'labels', 'labels.env', 'ecs', 'ecs.version', 'schema', 'schema.version', 'version', 'event', 'event.kind',
  'event.type', 'event.category', 'event.outcome', 'kind', 'type', 'outcome', 'source', 'source.ip', 'source.prot', 'sourc', 'ip', 'port', 'prot',
  'geo', 'city_name', 'host', 'host.name', 'host_ip', 'user.email', 'email', 'url', 'url.full', 'domain', 'network.direction', 'direction',
  'destination.port', 'custom_thing', 'related.ip', 'process.pid', 'pid',
);
const scalars = fc.oneof(
  fc.constantFrom('event', 'conection', 'Success', 'success', '443', '1.11', '1.11.0', '8.0.0', '192.0.2.1', '10.0.0.999', 'outbund', 'a', '',
    '2024-05-01T12:00:00Z', 'alice@example.com', 'https://example.com/a?b=c', 'authentication'),
  fc.integer({ min: -5, max: 70_000 }),
  fc.boolean(),
  fc.constant(null),
);
const { value } = fc.letrec<{ value: Json; object: Json }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalars, fc.array(scalars, { maxLength: 3 }), tie('object')),
  object: fc.dictionary(names, tie('value'), { maxKeys: 5 }),
}));
const event = fc.dictionary(names, value, { minKeys: 1, maxKeys: 8 });

interface Case {
  format: DocumentFormat;
  events: Json[];
}

const cases: fc.Arbitrary<Case> = fc.record({ format: fc.constantFrom<DocumentFormat>('json', 'ndjson', 'yaml'), events: fc.array(event, { minLength: 1, maxLength: 3 }) });
const codec: Codec<Case> = { encode: (c) => c, decode: (json) => json as Case };

function serialize(c: Case): string {
  if (c.format === 'json') return JSON.stringify(c.events.length === 1 ? c.events[0] : c.events, null, 2);
  if (c.format === 'ndjson') return c.events.map((e) => JSON.stringify(e)).join('\n') + '\n';
  return stringify(c.events.length === 1 ? c.events[0] : c.events);
}

function syntaxErrors(doc: EventDocument): string[] {
  return [...doc.errors, ...doc.events.flatMap((e) => e.errors)].map((e) => e.message);
}

/** A leaf's path (and value) without its event's index: what a fix for the whole file names in every event. */
const inAnyEvent = (leaf: string): string => leaf.replace(/^#\d+\.?/, '');

interface Named extends Span {
  /** An object or array the leaf lies in: named only when the diagnostic covers all of it. */
  container: boolean;
  /** The path the key or value spells, without the event's index. */
  path: string;
}

/** Every leaf as `path=value` (nested and dotted spellings alike) with the spans of its keys, containers and value. */
function leaves(doc: EventDocument): Map<string, Named[]> {
  const out = new Map<string, Named[]>();
  const walk = (node: ValueNode | undefined, path: string, spans: Named[], at: number): void => {
    if (!node) return void out.set(`${path}=(nothing)`, spans);
    const container = node.kind === 'object' || node.kind === 'array';
    const here = [...spans, { start: node.start + at, end: node.end + at, container, path: inAnyEvent(path) }];
    if (node.kind === 'object') {
      if (node.properties.length === 0) out.set(`${path}={}`, here);
      for (const p of node.properties) {
        const below = path ? `${path}.${p.key}` : p.key;
        walk(p.value, below, [...here, { start: p.keyTokenSpan.start + at, end: p.keyTokenSpan.end + at, container: false, path: inAnyEvent(below) }], at);
      }
    } else if (node.kind === 'array') {
      if (node.items.length === 0) out.set(`${path}=[]`, here);
      for (const item of node.items) walk(item, path, here, at);
    } else {
      out.set(`${path}=${JSON.stringify(node.kind === 'invalid' ? node.raw : node.value)}`, here);
    }
  };
  for (const e of doc.events) walk(e.root, `#${e.index}`, [], e.start);
  return out;
}

/** Whether the fix's diagnostic touches one of the leaf's keys or its value, or covers a container it lies in. */
function touched(spans: Named[], d: FwDiagnostic): boolean {
  return spans.some((s) => (s.container ? d.start <= s.start && d.end >= s.end : s.start <= d.end && d.start <= s.end));
}


/**
 * The leaves a fix names: those its diagnostic touches; for a fix of the whole file (edits in several events), the
 * same paths and those below them in every event.
 */
function namedBy(fix: QuickFix, before: Map<string, Named[]>, doc: EventDocument): (leaf: string) => boolean {
  const d = fix.diagnostic;
  if (!d) return () => true;
  const direct = new Set([...before].filter(([, spans]) => touched(spans, d)).map(([leaf]) => leaf));
  const events = new Set(fix.edits.map((e) => doc.events.findIndex((ev) => e.start >= ev.start && e.start <= ev.start + ev.text.length)));
  if (events.size < 2) return (leaf) => direct.has(leaf);
  const paths = [...before.values()].flat().filter((s) => !s.container && s.start <= d.end && d.start <= s.end).map((s) => s.path);
  // A renamed key renames what lies below it too.
  return (leaf) => {
    const path = inAnyEvent(leaf).replace(/=.*$/, '');
    return direct.has(leaf) || paths.some((p) => path === p || path.startsWith(`${p}.`));
  };
}

test('applying every offered quick fix in turn keeps the file well-formed and its data, and ends', () => {
  fc.assert(fc.property(cases, (c) => {
    const text = serialize(c);
    fc.pre(syntaxErrors(parseEvents(lsp, text, c.format)).length === 0);
    fixAll(text, c.format, 'events/fuzz');
  }), fuzzParameters('fix all', 60, codec));
});

const lsp = service({ codes: undefined });
const unitKinds = FILE_KINDS.filter((k) => k.label === 'field definitions' || k.label === 'mapping');

/**
 * Applies the first offered quick fix until none is left, as a user fixing everything would; `file` names the
 * document so that the server's globs give it its kind. Each step is checked on the text read as a tree of values.
 */
function fixAll(start: string, format: DocumentFormat, file: string): void {
  const type = fileTypeOf(file, start, defaultSettings, testCatalog());
  const parse = (t: string): SourceDocument => (type && type.kind !== 'events' ? lsp.parse(t, type) : parseEvents(lsp, t, format));
  const errors = (d: SourceDocument): string[] => ('events' in d ? syntaxErrors(d as EventDocument) : d.errors.map((e) => e.message));
  let text = start;
  let doc = parse(text);
  if (errors(doc).length > 0) return;
  const limit = 40 + 4 * lsp.diagnostics(doc, file).length;
  const applied: string[] = [];
  for (let step = 0; ; step++) {
    const diagnostics = lsp.diagnostics(doc, file);
    const fix = lsp.codeActions(doc, file, { start: 0, end: text.length }, diagnostics).find((f) => f.kind === 'quickfix');
    if (!fix) break;
    assert.ok(step < limit, `the fixes did not end after ${limit} steps: ${applied.slice(-6).join(' | ')}`);
    applied.push(`${fix.code}: ${fix.title}`);
    // The values as a tree: an event document's parse reads any JSON or YAML file's keys and values.
    const tree = parseEvents(lsp, text, format);
    const before = leaves(tree);
    const next = applyEdits(text, fix.edits);
    const nextDoc = parse(next);
    assert.deepEqual(errors(nextDoc), [], `'${fix.title}' (${fix.code}) made a syntax error in:\n${text}\n---\n${next}`);
    const after = leaves(parseEvents(lsp, next, format));
    const kept = (leaf: string): boolean => {
      if (after.has(leaf)) return true;
      // An empty object or array that now holds something is still there.
      const empty = /^(.*)=(\{\}|\[\])$/.exec(leaf);
      return empty !== null && [...after.keys()].some((k) => k.startsWith(`${empty[1]}.`) || k.startsWith(`${empty[1]}=`));
    };
    const named = namedBy(fix, before, tree);
    for (const leaf of before.keys()) {
      if (!kept(leaf) && !named(leaf)) assert.fail(`'${fix.title}' (${fix.code}) lost ${leaf}:\n${text}\n---\n${next}`);
    }
    text = next;
    doc = nextDoc;
  }
}

const pathOf = (kind: FileKind): string => `${kind.folder}/fuzz.${kind.extension}`;

test('every quick fix in turn on the corpus\'s field definition files and mappings keeps them well-formed and their data', () => {
  const inputs = fuzzInputs(64_000).filter((i) => unitKinds.includes(i.kind));
  assert.ok(inputs.length > 4, 'the corpus and generated inputs of both kinds are there');
  for (const input of inputs) fixAll(input.text, input.kind.format, pathOf(input.kind));
});

interface UnitCase {
  kind: string;
  seed: number;
  units: number;
}
const unitCases: fc.Arbitrary<UnitCase> = fc.record({ kind: fc.constantFrom(...unitKinds.map((k) => k.label)), seed: fc.integer({ min: 1, max: 1_000_000 }), units: fc.integer({ min: 1, max: 4 }) });
const unitCodec: Codec<UnitCase> = { encode: (c) => c, decode: (json) => json as UnitCase };

test('every quick fix in turn on generated field definition files and mappings keeps them well-formed and their data', () => {
  fc.assert(fc.property(unitCases, (c) => {
    const kind = unitKinds.find((k) => k.label === c.kind)!;
    fixAll(kind.generate(c.seed, c.units), kind.format, pathOf(kind));
  }), fuzzParameters('fix all of a unit', 30, unitCodec));
});
