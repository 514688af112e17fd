// Property tests of the pipeline adapter and its features on the junk of real typing (test/fuzz/mutations.ts) applied
// to the corpus pipelines and generated ones: parsing and every feature never throw, and every range they answer
// with (a reference's segments, a diagnostic, a completion's replaced text, a hover, a fix's edits) lies inside the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fileType } from '../../server/src/document/fileType';
import { isPipeline } from '../../server/src/kinds/pipelines/pipelineDocument';
import { LanguageService } from '../../server/src/service/languageService';
import { assertInside, mutatedAt } from '../fuzz/mutatedCases';
import { applyMutations, Mutation, mutation } from '../fuzz/mutations';
import { fuzzInputs, samplePipeline } from '../fuzz/inputs';
import { random } from '../../bench/generate';
import { Codec, fuzzParameters } from '../fuzz/replay';
import { testCatalog } from '../helpers/featureFixture';

const inputs = fuzzInputs(64_000).filter((i) => i.kind.label === 'pipeline');
const { cases: mutated, codec } = mutatedAt(inputs);
const service = new LanguageService(testCatalog());
const FILE = 'elasticsearch/ingest_pipeline/default.yml';

test('there are pipelines to mutate: the corpus\'s and generated ones', () => {
  assert.ok(inputs.some((i) => i.name.includes('ingest_pipeline')) && inputs.some((i) => i.name.startsWith('generated pipeline')), inputs.map((i) => i.name).join(', '));
});

test('a mutated pipeline parses, is checked, completed, hovered and fixed without throwing, every range inside the text', () => {
  fc.assert(fc.property(mutated, ([input, mutations, where]) => {
    const text = applyMutations(input.text, mutations);
    const doc = service.parse(text, fileType('ingestPipeline', input.name.endsWith('.json') ? 'json' : 'yaml'));
    assert.ok(isPipeline(doc));
    for (const ref of doc.refs) for (const s of ref.segments) assertInside(s, text.length, `a segment of '${ref.joinedPath}'`);
    const diagnostics = service.diagnostics(doc, FILE);
    for (const d of diagnostics) assertInside(d, text.length, `the ${d.code} diagnostic`);
    const offset = Math.floor(where * text.length);
    for (const entry of service.complete(doc, FILE, offset)) assertInside(entry.replace, text.length, `the completion '${entry.label}'`);
    const hover = service.hover(doc, FILE, offset);
    if (hover) assertInside(hover, text.length, 'the hover');
    for (const fix of service.codeActions(doc, FILE, { start: 0, end: text.length }, diagnostics)) for (const e of fix.edits) assertInside(e, text.length, `an edit of '${fix.title}'`);
  }), fuzzParameters('pipeline features', 60, codec));
});

// A JSON pipeline is read as units (one per top-level processor) and each version keeps the previous one's unchanged
// units: typed into, version after version, it must get what the same text opened fresh gets.
const unitsCase: fc.Arbitrary<[number, Mutation[]]> = fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.array(mutation, { minLength: 1, maxLength: 8 }));
const unitsCodec: Codec<[number, Mutation[]]> = {
  encode: ([seed, mutations]) => ({ seed, mutations }),
  decode: (json) => {
    const { seed, mutations } = json as { seed: number; mutations: Mutation[] };
    return [seed, mutations];
  },
};

test('a JSON pipeline typed into, version after version, gets the diagnostics of the same text opened fresh', () => {
  const type = fileType('ingestPipeline', 'json');
  fc.assert(fc.property(unitsCase, ([seed, mutations]) => {
    const edited = new LanguageService(testCatalog());
    let text = `${JSON.stringify(samplePipeline(random(seed), 12), null, 2)}\n`;
    let previous = edited.parse(text, type);
    for (const m of mutations) {
      text = applyMutations(text, [m]);
      const next = edited.parse(text, type, previous);
      const fresh = new LanguageService(testCatalog());
      assert.deepEqual(edited.diagnostics(next, FILE), fresh.diagnostics(fresh.parse(text, type), FILE));
      previous = next;
    }
  }), fuzzParameters('pipeline units', 40, unitsCodec));
});
