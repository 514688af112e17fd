// Property tests of the Beats kind and its features on the junk of real typing (test/fuzz/mutations.ts) applied to the
// corpus's Beats configurations and agent templates and generated ones: parsing and every feature never throw, and
// every range they answer with lies inside the text. A large configuration is read as a skeleton and one unit per
// processor, each version keeping the last one's unchanged units: typed into, version after version, it must get what
// the same text read fresh gets, and what it gets read whole wherever that reads without a syntax error (a broken
// processor breaks only itself when read alone, where the whole parse loses every line after it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fileType } from '../../server/src/document/fileType';
import { loadBeatsProcessorTable } from '../../server/src/catalog/beatsProcessors';
import { checkBeats } from '../../server/src/kinds/beats/beatsDiagnostics';
import { BeatsDocument, isBeats, parseBeatsDocument } from '../../server/src/kinds/beats/beatsDocument';
import { beatsEnv } from '../../server/src/kinds/beats/beatsEnv';
import { LanguageService } from '../../server/src/service/languageService';
import { assertInside, mutatedAt } from '../fuzz/mutatedCases';
import { applyMutations, Mutation, mutation } from '../fuzz/mutations';
import { fuzzInputs, random, sampleBeats } from '../fuzz/inputs';
import { Codec, fuzzParameters } from '../fuzz/replay';
import { featureEnv, testCatalog } from '../helpers/featureFixture';

const inputs = fuzzInputs(64_000).filter((i) => i.kind.label === 'beats');
const { cases: mutated, codec } = mutatedAt(inputs);
const service = new LanguageService(testCatalog());
const FILE = 'modules.d/fuzz.yml';

test('there are Beats configurations to mutate: the corpus\'s (templates among them) and generated ones', () => {
  assert.ok(inputs.some((i) => i.name.endsWith('.yml.hbs')) && inputs.some((i) => i.name.includes('/config/')) && inputs.some((i) => i.name.startsWith('generated beats')),
    inputs.map((i) => i.name).join(', '));
});

test('a mutated Beats configuration parses, is checked, completed, hovered, outlined and fixed without throwing, every range inside the text', () => {
  fc.assert(fc.property(mutated, ([input, mutations, where]) => {
    const text = applyMutations(input.text, mutations);
    const doc = service.parse(text, fileType('beats', 'yaml'));
    assert.ok(isBeats(doc));
    const diagnostics = service.diagnostics(doc, FILE);
    for (const d of diagnostics) assertInside(d, text.length, `the ${d.code} diagnostic`);
    const offset = Math.floor(where * text.length);
    for (const entry of service.complete(doc, FILE, offset)) assertInside(entry.replace, text.length, `the completion '${entry.label}'`);
    const hover = service.hover(doc, FILE, offset);
    if (hover) assertInside(hover, text.length, 'the hover');
    for (const hint of service.inlayHints(doc, FILE, { start: 0, end: text.length })) assertInside({ start: hint.offset, end: hint.offset }, text.length, 'an inlay hint');
    for (const symbol of service.symbols(doc)) assertInside(symbol, text.length, `the symbol ${symbol.name}`);
    for (const fix of service.codeActions(doc, FILE, { start: 0, end: text.length }, diagnostics)) for (const e of fix.edits) assertInside(e, text.length, `an edit of '${fix.title}'`);
  }), fuzzParameters('beats features', 60, codec));
});

// Read in units from the first byte on, so that these small texts take the path a large file takes.
const table = loadBeatsProcessorTable();
const env = beatsEnv(featureEnv('yaml'));
// Read fresh without a previous version: none of the units of the documents read before are taken.
const read = (text: string, previous?: BeatsDocument): BeatsDocument => parseBeatsDocument(text, fileType('beats', 'yaml'), table, { previous, splitAbove: 0, fresh: previous === undefined });

const unitsCase: fc.Arbitrary<[number, Mutation[]]> = fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.array(mutation, { minLength: 1, maxLength: 8 }));
const unitsCodec: Codec<[number, Mutation[]]> = {
  encode: ([seed, mutations]) => ({ seed, mutations }),
  decode: (json) => {
    const { seed, mutations } = json as { seed: number; mutations: Mutation[] };
    return [seed, mutations];
  },
};

test('a configuration read in units, typed into version after version, gets the diagnostics of the same text read fresh (and read whole)', () => {
  fc.assert(fc.property(unitsCase, ([seed, mutations]) => {
    let text = sampleBeats(random(seed), 12);
    let previous = read(text);
    assert.ok(previous.units.length > 0, 'the sample is read in units');
    for (const m of mutations) {
      text = applyMutations(text, [m]);
      const next = read(text, previous);
      const found = checkBeats(next, env);
      assert.deepEqual(found, checkBeats(read(text), env), 'version after version, as read fresh');
      const whole = checkBeats(parseBeatsDocument(text, fileType('beats', 'yaml'), table, { splitAbove: Infinity }), env);
      if (!whole.some((d) => d.code === 'syntax-error')) assert.deepEqual(found, whole, 'as read whole');
      previous = next;
    }
  }), fuzzParameters('beats units', 40, unitsCodec));
});

/** Typing inside a word of a configuration: a letter put in before `at` (a fraction of the text), or the one before it taken out. */
interface Keystroke {
  at: number;
  letter: string | undefined;
}

const keystroke: fc.Arbitrary<Keystroke> = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), letter: fc.option(fc.constantFrom('a', 'e', 's', '_', '.'), { nil: undefined }) });
const typingCase: fc.Arbitrary<[number, Keystroke[]]> = fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.array(keystroke, { minLength: 1, maxLength: 12 }));
const typingCodec: Codec<[number, Keystroke[]]> = {
  encode: ([seed, keys]) => ({ seed, keys }),
  decode: (json) => {
    const { seed, keys } = json as { seed: number; keys: Keystroke[] };
    return [seed, keys];
  },
};

/** The keystroke's place: the first letter at or after its fraction of the text that follows a letter (or an item's `- `). */
function typed(text: string, key: Keystroke): string {
  let at = Math.min(text.length - 1, Math.floor(key.at * text.length));
  while (at < text.length && !(/[a-z]/.test(text[at]) && /[a-z_. -]/.test(text[at - 1] ?? ''))) at++;
  if (at >= text.length) return text;
  return key.letter === undefined ? text.slice(0, at - 1) + text.slice(at) : text.slice(0, at) + key.letter + text.slice(at);
}

// Without templates, and without the other schema family's meta field (counted across the file), an edit inside the
// processors is checked from the last version's check: what it keeps must be what a fresh check finds.
test('a configuration without templates, typed into inside its processors key by key, gets the diagnostics of the same text read fresh', () => {
  fc.assert(fc.property(typingCase, ([seed, keys]) => {
    let text = sampleBeats(random(seed), 12).replace(/^.*\{\{.*\n/gm, '').replaceAll('ecs.version', 'event.code');
    let previous = read(text);
    checkBeats(previous, env);
    assert.ok(previous.units.length > 0, 'the sample is read in units');
    for (const key of keys) {
      text = typed(text, key);
      const next = read(text, previous);
      assert.deepEqual(checkBeats(next, env), checkBeats(read(text), env), 'version after version, as read fresh');
      previous = next;
    }
  }), fuzzParameters('beats typing', 60, typingCodec));
});
