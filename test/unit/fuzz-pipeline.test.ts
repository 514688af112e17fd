// Property tests of the pipeline adapter and its features on the junk of real typing (test/fuzz/mutations.ts) applied
// to the corpus pipelines and generated ones: parsing and every feature never throw, and every range they answer
// with (a reference's segments, a diagnostic, a completion's replaced text, a hover, a fix's edits) lies inside the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fileType } from '../../server/src/document/fileType';
import type { Span } from '../../server/src/document/model';
import { isPipeline } from '../../server/src/document/pipeline/pipelineDocument';
import { LanguageService } from '../../server/src/service/languageService';
import { applyMutations, Mutation, mutation } from '../fuzz/mutations';
import { FuzzInput, fuzzInputs } from '../fuzz/inputs';
import { Codec, fuzzParameters } from '../fuzz/replay';
import { testCatalog } from '../helpers/featureFixture';

const inputs = fuzzInputs(64_000).filter((i) => i.kind.label === 'pipeline');
type Case = [FuzzInput, Mutation[], number];
const mutated: fc.Arbitrary<Case> = fc.tuple(fc.constantFrom(...inputs), fc.array(mutation, { minLength: 1, maxLength: 6 }), fc.double({ min: 0, max: 1, noNaN: true }));
const codec: Codec<Case> = {
  encode: ([input, mutations, at]) => ({ input: input.name, mutations, at }),
  decode: (json) => {
    const { input, mutations, at } = json as { input: string; mutations: Mutation[]; at: number };
    const found = inputs.find((i) => i.name === input);
    return found && [found, mutations, at];
  },
};
const service = new LanguageService(testCatalog());
const FILE = 'elasticsearch/ingest_pipeline/default.yml';

function inside(span: Span, length: number, what: string): void {
  assert.ok(span.start >= 0 && span.start <= span.end && span.end <= length, `${what} [${span.start}, ${span.end}) lies outside 0..${length}`);
}

test('there are pipelines to mutate: the corpus\'s and generated ones', () => {
  assert.ok(inputs.some((i) => i.name.includes('ingest_pipeline')) && inputs.some((i) => i.name.startsWith('generated pipeline')), inputs.map((i) => i.name).join(', '));
});

test('a mutated pipeline parses, is checked, completed, hovered and fixed without throwing, every range inside the text', () => {
  fc.assert(fc.property(mutated, ([input, mutations, where]) => {
    const text = applyMutations(input.text, mutations);
    const doc = service.parse(text, fileType('ingestPipeline', input.name.endsWith('.json') ? 'json' : 'yaml'));
    assert.ok(isPipeline(doc));
    for (const ref of doc.refs) for (const s of ref.segments) inside(s, text.length, `a segment of '${ref.joinedPath}'`);
    const diagnostics = service.diagnostics(doc, FILE);
    for (const d of diagnostics) inside(d, text.length, `the ${d.code} diagnostic`);
    const offset = Math.floor(where * text.length);
    for (const entry of service.complete(doc, FILE, offset)) inside(entry.replace, text.length, `the completion '${entry.label}'`);
    const hover = service.hover(doc, FILE, offset);
    if (hover) inside(hover, text.length, 'the hover');
    for (const fix of service.codeActions(doc, FILE, { start: 0, end: text.length }, diagnostics)) for (const e of fix.edits) inside(e, text.length, `an edit of '${fix.title}'`);
  }), fuzzParameters('pipeline features', 60, codec));
});
