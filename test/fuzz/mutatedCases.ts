// The property tests' cases over the fuzz inputs: an input, the mutations typed into it and a caret share (0..1),
// replayable by the input's name (replay.ts), and the check every range a parse or an answer gives must pass.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { FuzzInput } from './inputs';
import { Mutation, mutation } from './mutations';
import type { Codec } from './replay';

export type MutatedAt = [FuzzInput, Mutation[], number];

/** Cases over `inputs` (one to six mutations each) and the codec that keeps a failing case by its input's name. */
export function mutatedAt(inputs: readonly FuzzInput[]): { cases: fc.Arbitrary<MutatedAt>; codec: Codec<MutatedAt> } {
  return {
    cases: fc.tuple(fc.constantFrom(...inputs), fc.array(mutation, { minLength: 1, maxLength: 6 }), fc.double({ min: 0, max: 1, noNaN: true })),
    codec: {
      encode: ([input, mutations, at]) => ({ input: input.name, mutations, at }),
      decode: (json) => {
        const { input, mutations, at } = json as { input: string; mutations: Mutation[]; at: number };
        const found = inputs.find((i) => i.name === input);
        return found && [found, mutations, at];
      },
    },
  };
}

/** Fails when `span` is not a range of a text of `length` characters. */
export function assertInside(span: { start: number; end: number }, length: number, what: string): void {
  assert.ok(span.start >= 0 && span.start <= span.end && span.end <= length, `${what} [${span.start}, ${span.end}) lies outside 0..${length}`);
}
