// How much a scanner reads, counted without a clock: while `work` runs, the built-in string, regular expression and
// typed array methods are wrapped so that each call adds the characters (or elements) it may touch. A scanner that
// reads each character a bounded number of times stays within a constant times its input; a quadratic one (a search
// restarted from the start, a slice per character) reads some n²/2, far past any constant. Not seen: indexing with
// [] and a regular expression's backtracking inside one call (one call counts its whole input once).

type Cost = (self: unknown, args: unknown[], result: unknown) => number;

const len = (value: unknown): number => (typeof value === 'string' ? value.length : 0);
const whole: Cost = (self) => len(self);
const one: Cost = () => 1;
const resultLength: Cost = (_self, _args, result) => len(result);

/** Where a forward search starts: its `position` argument clamped to the string, as the methods do. */
function from(self: unknown, position: unknown): number {
  const n = Number(position ?? 0);
  return Math.min(Math.max(Number.isNaN(n) ? 0 : Math.trunc(n), 0), len(self));
}

const forwardSearch: Cost = (self, args, result) => {
  const start = from(self, args[1]);
  // Found at `result`: it read up to the end of the match; not found (or only a yes/no): the rest of the string.
  return typeof result === 'number' && result >= 0 ? result - start + len(args[0]) : len(self) - start;
};

const backwardSearch: Cost = (self, args, result) => {
  const start = args[1] === undefined ? len(self) : from(self, args[1]);
  return (typeof result === 'number' && result >= 0 ? start - result : start) + len(args[0]);
};

const STRING_COSTS: Record<string, Cost> = {
  charCodeAt: one, codePointAt: one, charAt: one, at: one,
  indexOf: forwardSearch, includes: forwardSearch, lastIndexOf: backwardSearch,
  startsWith: (_self, args) => len(args[0]), endsWith: (_self, args) => len(args[0]),
  slice: resultLength, substring: resultLength, substr: resultLength, padStart: resultLength, padEnd: resultLength, repeat: resultLength,
  trim: whole, trimStart: whole, trimEnd: whole, toLowerCase: whole, toUpperCase: whole, normalize: whole,
  split: whole, match: whole, matchAll: whole, replace: whole, replaceAll: whole, search: whole, localeCompare: whole,
};

/** A regular expression reads its input from lastIndex (global or sticky) or from the start. */
const regexpCost: Cost = (self, args) => {
  const re = self as RegExp;
  const input = String(args[0]);
  return input.length - (re.global || re.sticky ? Math.min(re.lastIndex, input.length) : 0);
};

const REGEXP_COSTS: Record<string, Cost> = { exec: regexpCost, test: regexpCost };

const elements = (value: unknown): number => (ArrayBuffer.isView(value) ? (value as Int32Array).length : Array.isArray(value) ? value.length : 0);

/** Typed arrays: `fill` and `set` write, `slice` copies; `subarray` is a view and reads nothing. */
const TYPED_ARRAY_COSTS: Record<string, Cost> = {
  fill: (self, args) => {
    const n = elements(self);
    const clamp = (v: unknown, fallback: number): number => {
      const x = v === undefined ? fallback : Math.trunc(Number(v));
      return x < 0 ? Math.max(n + x, 0) : Math.min(x, n);
    };
    return Math.max(clamp(args[2], n) - clamp(args[1], 0), 0);
  },
  set: (_self, args) => elements(args[0]),
  slice: (_self, _args, result) => elements(result),
};

export interface Reading<T> {
  result: T;
  /** Characters and elements the wrapped methods touched. */
  read: number;
}

/** Runs `work` (synchronous) with the methods counted; they are restored before this returns, also on a throw. */
export function charactersRead<T>(work: () => T): Reading<T> {
  let read = 0;
  const restore: Array<() => void> = [];
  const wrap = (proto: object, costs: Record<string, Cost>): void => {
    for (const [name, cost] of Object.entries(costs)) {
      const original = Reflect.get(proto, name) as ((...args: unknown[]) => unknown) | undefined;
      if (typeof original !== 'function') continue;
      const counted = function (this: unknown, ...args: unknown[]): unknown {
        const result = original.apply(this, args);
        read += cost(this, args, result);
        return result;
      };
      Object.defineProperty(proto, name, { value: counted, writable: true, configurable: true, enumerable: false });
      restore.push(() => Object.defineProperty(proto, name, { value: original, writable: true, configurable: true, enumerable: false }));
    }
  };
  wrap(String.prototype, STRING_COSTS);
  wrap(RegExp.prototype, REGEXP_COSTS);
  wrap(Object.getPrototypeOf(Int32Array.prototype) as object, TYPED_ARRAY_COSTS);
  try {
    const result = work();
    return { result, read };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}
