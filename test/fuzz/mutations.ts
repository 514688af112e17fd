// The junk of real typing, as fast-check arbitraries: what a person (or a paste) does to a file mid-edit. A mutation
// names its place as fractions of the text, so the same mutation applies to any text (and a failing seed replays).
import fc from 'fast-check';

/** One edit in document offsets: replace [start, end) with `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export type Mutation =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; length: number; text: string }
  /** A copy of `length` characters from `from`, inserted at `at` (a paste of a span of the same file). */
  | { kind: 'duplicate'; from: number; length: number; at: number };

const syntax = fc.constantFrom('{', '}', '[', ']', ':', ',', '"', "'", '\\', '#', '-', '- ', '? ', '|', '>', '&', '*', '!', '%', '@', '`', ' ', '  ', '\t', '\n');
const junk = fc.constantFrom(
  '\u0000', '\r\n', '\r', '\u2028', '\u2029', '\ufeff', '\ud800', '\udc00', '\ud83d', '\u00e9', '😀', '\\u', '\\x41', '\\"', '\\\\', '\\n', '\\ud800',
  '"\\', "''", '""', 'null', 'true', '1e999', '-0', '0x1F', '.inf', '~', '---\n', '...\n', '\n\n', ': ', ', ', '{}', '[]',
);
const yaml = fc.constantFrom(
  '&a ', '*a', '&anchor {x: 1}', '<<: *a\n', '!!str ', '!!int ', '!custom ', '!!binary ', '|\n  block\n', '>-\n  folded\n  text\n',
  '|+\n\n', '? key\n: value\n', '- - x\n', '{a: [b, {c: d}]}', '"multi\n line"', "'it''s'", 'key: value\n', '  nested:\n    child: 1\n',
);
const json = fc.constantFrom('{"a": 1}', '"key": "value", ', '[1, 2, {"b": null}]', '"source": {"ip": "10.0.0.1"}', '"\\u00e9"', ',\n  ');
const fieldish = fc.constantFrom('source.ip', 'event.kind', 'destination.port', 'host', 'geo', '@timestamp', 'ecs.version', 'user.name', 'labels');
const deep = fc.integer({ min: 1, max: 600 }).chain((n) => fc.constantFrom('[', '{"a":', 'a:\n' + ' ').map((open) => open.repeat(n)));
const long = fc.integer({ min: 1_000, max: 50_000 }).chain((n) => fc.constantFrom('x', 'ab ', '"', '\\').map((c) => c.repeat(Math.ceil(n / c.length))));

/** Text a mutation inserts: mostly short typing, sometimes a paste, rarely something huge. */
export const insertion: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: syntax },
  { weight: 5, arbitrary: junk },
  { weight: 4, arbitrary: yaml },
  { weight: 3, arbitrary: json },
  { weight: 4, arbitrary: fieldish },
  { weight: 4, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: long },
);

// Uniform over the text: fc.double leans on 0, 1 and tiny numbers, which would edit only the ends of a file.
const place = fc.noBias(fc.nat({ max: 999_999 })).map((n) => n / 1_000_000);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: place, text: insertion }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: place, length: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 400 })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: place, length: fc.integer({ min: 1, max: 20 }), text: insertion }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), from: place, length: fc.integer({ min: 1, max: 2000 }), at: place }) },
);

/** The edit a mutation makes to `text` (offsets clamped to it). */
export function editFor(text: string, m: Mutation): Edit {
  const at = (fraction: number): number => Math.min(text.length, Math.floor(fraction * (text.length + 1)));
  switch (m.kind) {
    case 'insert':
      return { start: at(m.at), end: at(m.at), text: m.text };
    case 'delete': {
      const start = at(m.at);
      return { start, end: Math.min(text.length, start + m.length), text: '' };
    }
    case 'replace': {
      const start = at(m.at);
      return { start, end: Math.min(text.length, start + m.length), text: m.text };
    }
    case 'duplicate': {
      const from = at(m.from);
      const start = at(m.at);
      return { start, end: start, text: text.slice(from, from + m.length) };
    }
  }
}

export function applyEdit(text: string, edit: Edit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

export function applyMutations(text: string, mutations: readonly Mutation[]): string {
  return mutations.reduce((t, m) => applyEdit(t, editFor(t, m)), text);
}

/** `count` mutations drawn from `seed`: the same list on every run, for sessions that replay a seed. */
export function mutationsFor(seed: number, count: number): Mutation[] {
  return fc.sample(mutation, { seed, numRuns: count });
}
