// Property tests of the document layer on the junk of real typing (test/fuzz/mutations.ts) applied to the corpus,
// examples/ and generated events of every file kind: parsing never throws, every range lies inside the text, an
// incremental parse equals a fresh one, and the fast parsers agree with the fallback parsers wherever they answer.
// The kinds other than event documents (pipelines, field definitions, mappings, console text) also go through their
// adapters, by the type the server gives their path: no feature throws and every answer's range lies inside the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { firstEvent, parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { parseJsonTolerant, parseJsonValue } from '../../server/src/document/syntaxes/json/jsonValue';
import { parseYamlCst, parseYamlValue } from '../../server/src/document/syntaxes/yaml/yamlValue';
import { itemText, splitYaml } from '../../server/src/kinds/events/yamlSplit';
import { NestingTooDeep, ValueNode } from '../../server/src/document/model';
import { assertInside, mutatedAt } from '../fuzz/mutatedCases';
import { applyMutations, Mutation, mutation } from '../fuzz/mutations';
import { FuzzInput, fuzzInputs } from '../fuzz/inputs';
import { Codec, fuzzParameters } from '../fuzz/replay';
import { plainEvents, plainTree } from '../helpers/plainTree';
import { defaultSettings } from '../../server/src/service/settings';
import { fileTypeOf } from '../../server/src/service/detect';
import { service, testCatalog } from './diagnostics-fixture';
import type { EventDocument } from '../helpers/events';

const all = fuzzInputs(64_000);
// The event document adapter reads JSON and YAML texts of every kind; Logstash configs are the adapters' test's only.
const inputs = all.filter((i) => i.kind.format !== 'logstash');
type Case = [FuzzInput, Mutation[]];
const mutated: fc.Arbitrary<Case> = fc.tuple(fc.constantFrom(...inputs), fc.array(mutation, { minLength: 1, maxLength: 6 }));
const codec: Codec<Case> = {
  encode: ([input, mutations]) => ({ input: input.name, mutations }),
  decode: (json) => {
    const { input, mutations } = json as { input: string; mutations: Mutation[] };
    const found = inputs.find((i) => i.name === input);
    return found && [found, mutations];
  },
};

function nodesInside(node: ValueNode | undefined, length: number, seen = new Set<ValueNode>()): void {
  // An alias resolves to its anchor's node: the same object twice, walked once.
  if (!node || seen.has(node)) return;
  seen.add(node);
  assertInside(node, length, `a ${node.kind} node`);
  if (node.kind === 'object') {
    for (const p of node.properties) {
      assertInside(p.keySpan, length, `the key '${p.key}'`);
      assertInside(p.keyTokenSpan, length, `the key token '${p.key}'`);
      if (p.colon !== undefined) assertInside({ start: p.colon, end: p.colon + 1 }, length, 'a colon');
      nodesInside(p.value, length, seen);
    }
  } else if (node.kind === 'array') {
    for (const item of node.items) nodesInside(item, length, seen);
  }
}

function rangesInside(doc: EventDocument): void {
  for (const e of doc.errors) assertInside(e, doc.text.length, `the document error '${e.message}'`);
  for (const event of doc.events) {
    assertInside({ start: event.start, end: event.start + event.text.length }, doc.text.length, `event ${event.index}`);
    assert.equal(doc.text.slice(event.start, event.start + event.text.length), event.text, `event ${event.index}'s text is the document's`);
    for (const e of event.errors) assertInside(e, event.text.length, `the error '${e.message}' of event ${event.index}`);
    nodesInside(event.root, event.text.length);
  }
}

const TOO_DEEP = 'nested too deep';

/** A parse, or TOO_DEEP where it stops at the nesting limit (MAX_NESTING). */
function deep<T>(parse: () => T): T | typeof TOO_DEEP {
  try {
    return parse();
  } catch (error) {
    if (error instanceof NestingTooDeep) return TOO_DEEP;
    throw error;
  }
}

/**
 * Where the fast parser answers (as the document layer consults it: parseYamlValue, parseJsonValue), its tree is the
 * fallback parser's and the fallback finds no error; elsewhere the two calls are the same parse.
 */
function fastAgrees(doc: EventDocument): void {
  const pieces = doc.format === 'yaml' ? splitYaml(doc.text) : [];
  for (const event of doc.events) {
    const item = pieces.find((p) => p.start === event.start)?.item === true;
    const text = item ? itemText(event.text) : event.text;
    const shown = JSON.stringify(text.slice(0, 200));
    const [used, fallback] = doc.format === 'yaml' ? [deep(() => parseYamlValue(text)), deep(() => parseYamlCst(text))] : [deep(() => parseJsonValue(text)), deep(() => parseJsonTolerant(text))];
    // Past the nesting limit both parsers stop alike (the document layer turns it into one syntax error).
    if (used === TOO_DEEP || fallback === TOO_DEEP) {
      assert.equal(used, fallback, `only one ${doc.format} parser stopped at the nesting limit on ${shown}`);
      continue;
    }
    if (used.errors.length === 0) assert.deepEqual(fallback.errors, [], `the fast ${doc.format} parser accepted text the fallback rejects: ${shown}`);
    assert.deepEqual(plainTree(used.root), plainTree(fallback.root), `${doc.format} trees differ on ${shown}`);
  }
}

test('parsing mutated files never throws and keeps every range inside the text', () => {
  fc.assert(fc.property(mutated, ([input, mutations]) => {
    const text = applyMutations(input.text, mutations);
    const doc = parseEventDocument(text, input.kind.format);
    rangesInside(doc);
    const first = firstEvent(text, input.kind.format);
    if (first) nodesInside(first.root, first.text.length);
  }), fuzzParameters('document ranges', 100, codec));
});

test('an edit parsed against the previous version gives what a fresh parse gives', () => {
  fc.assert(fc.property(mutated, ([input, mutations]) => {
    let previous = parseEventDocument(input.text, input.kind.format);
    let text = input.text;
    for (const m of mutations) {
      text = applyMutations(text, [m]);
      // Read every event of the previous version first, as the server's diagnostics run does.
      for (const e of previous.events) void e.root;
      const next = parseEventDocument(text, input.kind.format, previous);
      assert.deepEqual(plainEvents(next.events), plainEvents(parseEventDocument(text, input.kind.format).events));
      previous = next;
    }
  }), fuzzParameters('incremental parse', 40, codec));
});

test('the fast parsers agree with the fallback parsers on every mutated event they accept', () => {
  fc.assert(fc.property(mutated, ([input, mutations]) => {
    fastAgrees(parseEventDocument(applyMutations(input.text, mutations), input.kind.format));
  }), fuzzParameters('fast parsers', 150, codec));
});

/** The path the suite names an input by, so that the server's default globs give it its kind. */
const pathOf = (input: FuzzInput): string => `${input.kind.folder}/fuzz.${input.kind.extension}`;
const adapterInputs = all.filter((i) => i.kind.folder !== 'events');
const { cases: adapterCase, codec: adapterCodec } = mutatedAt(adapterInputs);

test('every file kind\'s adapter answers mutated text without throwing, each range inside the text', () => {
  const lsp = service();
  fc.assert(fc.property(adapterCase, ([input, mutations, where]) => {
    // The kind is the one the unedited file gets, as the server keeps it while the user types.
    const type = fileTypeOf(pathOf(input), input.text, defaultSettings, testCatalog(), input.kind.languageId);
    assert.ok(type && type.kind !== 'events', `${input.name} is recognised as a ${input.kind.label} file`);
    const text = applyMutations(input.text, mutations);
    const length = text.length;
    const doc = lsp.parse(text, type);
    for (const e of doc.errors) assertInside(e, length, `the syntax error '${e.message}'`);
    const file = pathOf(input);
    const diagnostics = lsp.diagnostics(doc, file);
    for (const d of diagnostics) assertInside(d, length, `the ${d.code} diagnostic`);
    const at = Math.floor(where * (length + 1));
    for (const c of lsp.complete(doc, file, at)) {
      assertInside(c.replace, length, `the completion '${c.label}'`);
      for (const e of c.additionalEdits ?? []) assertInside(e, length, `an additional edit of '${c.label}'`);
    }
    const hover = lsp.hover(doc, file, at);
    if (hover) assertInside(hover, length, 'the hover');
    for (const h of lsp.inlayHints(doc, file, { start: 0, end: length })) assertInside({ start: h.offset, end: h.offset }, length, 'an inlay hint');
    for (const fix of lsp.codeActions(doc, file, { start: 0, end: length }, diagnostics)) {
      for (const e of fix.edits) assertInside(e, length, `an edit of '${fix.title}'`);
    }
  }), fuzzParameters('adapter ranges', 150, adapterCodec));
});
