// Fixed seeds for the bounded fuzz runs in the normal test scripts, and failing cases kept as regression tests:
// a failure prints the case as a line for regressions.json, and every case there runs before the random ones.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';

const REGRESSIONS = resolve(__dirname, 'regressions.json');

/** How a property's generated value is written to regressions.json and read back. */
export interface Codec<T> {
  encode(value: T): unknown;
  /** Undefined when a kept case no longer applies (its input file is gone): reported, not skipped silently. */
  decode(json: unknown): T | undefined;
}

/** The regression cases kept for `property`. */
export function keptCases(property: string): unknown[] {
  const all = JSON.parse(readFileSync(REGRESSIONS, 'utf8')) as Record<string, unknown[]>;
  return all[property] ?? [];
}

/** A stable seed per property (FUZZ_SEED overrides it for an exploratory run). */
export function seedOf(property: string): number {
  if (process.env.FUZZ_SEED) return Number(process.env.FUZZ_SEED);
  let h = 2166136261;
  for (let i = 0; i < property.length; i++) h = Math.imul(h ^ property.charCodeAt(i), 16777619);
  return h | 0;
}

export function fuzzParameters<T>(property: string, runs: number, codec?: Codec<T>): fc.Parameters<[T]> {
  const examples: Array<[T]> = [];
  for (const json of codec ? keptCases(property) : []) {
    const value = codec!.decode(json);
    if (value === undefined) throw new Error(`test/fuzz/regressions.json: a case of '${property}' no longer applies: ${JSON.stringify(json).slice(0, 200)}`);
    examples.push([value]);
  }
  return {
    seed: seedOf(property),
    numRuns: Math.max(1, Math.round(runs * Number(process.env.FUZZ_RUNS_FACTOR ?? 1))),
    examples,
    reporter(details) {
      if (!details.failed) return;
      const found = details.counterexample?.[0];
      const kept = found !== undefined && codec ? `\nkeep it in test/fuzz/regressions.json under "${property}": ${JSON.stringify(codec.encode(found))}` : '';
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`${fc.defaultReportMessage(details)}\n${cause}${kept}`);
    },
  };
}
