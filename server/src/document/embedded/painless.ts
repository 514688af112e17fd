// Painless (`if` conditions, `script.source`): field paths under `ctx`, spelt `ctx.a.b`, `ctx?.a?.b`,
// `ctx['a']['b']` or mixed. A bracketed key is one key even with dots in it (`ctx['a.b']`: the engine does not
// split it). A name followed by `(` is a method and ends the path: `ctx.a.remove('b')` removes a.b,
// `ctx.put('a', x)` writes a, `ctx.a.add(x)` writes a, any other method reads the path before it.
// Assignments (`=`, `+=`, ..., `++`) write. Nothing inside string literals or comments counts.
import type { Span } from '../model';
import type { RefAccess } from '../fieldRefs';
import type { EmbeddedRef, NameSite } from './types';

/** Methods whose first string argument is a key under the path: what they do to it. */
const KEY_METHODS: Record<string, { access: RefAccess; removes?: boolean }> = {
  remove: { access: 'write', removes: true },
  put: { access: 'write' },
  get: { access: 'read' },
  getOrDefault: { access: 'read' },
  containsKey: { access: 'read' },
};

/** Methods that change the collection at the path itself. */
const WRITING_METHODS = new Set(['add', 'addAll', 'clear', 'removeIf', 'set', 'putAll']);

function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else return i;
  }
}

/** Offset after the string literal whose quote is at `at` (backslash escapes), or -1 when it does not close. */
function literalEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i + 1;
  }
  return -1;
}

/** A simple string literal at `at` (no escapes inside): its content span and end, or undefined. */
function simpleLiteral(text: string, at: number): { content: Span; end: number } | undefined {
  const c = text.charCodeAt(at);
  if (c !== 39 && c !== 34) return undefined;
  const end = literalEnd(text, at);
  if (end < 0) return undefined;
  for (let i = at + 1; i < end - 1; i++) if (text.charCodeAt(i) === 92) return undefined;
  return { content: { start: at + 1, end: end - 1 }, end };
}

/** Whether an assignment (`=`, `+=`, `>>>=`, `++`, `--`) follows at `i`. */
function assignsAt(text: string, i: number): boolean {
  const j = skipSpace(text, i);
  const a = text.charCodeAt(j);
  const b = text.charCodeAt(j + 1);
  // `++` or `--`.
  if ((a === 43 || a === 45) && b === a) return true;
  // An assignment operator: `=`, or `>>>=`, `<<=`, `>>=`, or one of + - * / % & | ^ before `=` (character codes, no
  // strings compared: this runs after every ctx path of every script); `==` is a comparison.
  let k = j;
  if (a === 62 && b === 62 && text.charCodeAt(j + 2) === 62) k += 3;
  else if ((a === 60 || a === 62) && b === a) k += 2;
  else if (COMPOUND.indexOf(a) >= 0) k += 1;
  return text.charCodeAt(k) === 61 && text.charCodeAt(k + 1) !== 61;
}

/** The operators that come before `=` in a compound assignment: + - * / % & | ^ */
const COMPOUND = [43, 45, 42, 47, 37, 38, 124, 94];

interface Scan {
  refs: EmbeddedRef[];
  site?: NameSite;
}

/**
 * A path being read after `ctx`. Its steps are methods of one object, not closures made per path: the server's bundle
 * names every closure (esbuild's keepNames, a property defined on each), and this runs for every `ctx` of every script.
 */
class ChainScan {
  readonly path: string[] = [];
  readonly segments: Span[] = [];
  literalDotted = false;

  constructor(readonly text: string, readonly out: Scan, readonly caret: number | undefined) {}

  /** Called once per chain, as it ends: the path and segments are the reference's own, not copies. */
  record(access: RefAccess, extra?: Partial<EmbeddedRef>): void {
    const { path, segments } = this;
    if (path.length === 0) return;
    const ref: EmbeddedRef = { path, segments, span: { start: segments[0].start, end: segments[segments.length - 1].end }, access };
    if (this.literalDotted) ref.literalDotted = true;
    this.out.refs.push(extra ? Object.assign(ref, extra) : ref);
  }

  /** Records the site when the caret is in `replace`; an assignment after `afterName` makes it a write. */
  siteAt(replace: Span, afterName: number, access?: RefAccess): void {
    const { caret, text } = this;
    if (caret === undefined || caret < replace.start || caret > replace.end) return;
    this.out.site = { replace, typed: text.slice(replace.start, caret), access: access ?? (assignsAt(text, afterName) ? 'write' : 'read'), parent: this.path.slice() };
  }

  /** A method call on the path so far: `name(` with its parenthesis at `paren`. */
  method(name: string, paren: number): number {
    const text = this.text;
    // Own keys only: `toString` or `valueOf` must not find Object.prototype's methods.
    const keyed = Object.hasOwn(KEY_METHODS, name) ? KEY_METHODS[name] : undefined;
    const arg = keyed ? simpleLiteral(text, skipSpace(text, paren + 1)) : undefined;
    if (keyed && arg) {
      this.siteAt(arg.content, arg.end, keyed.access);
      const key = text.slice(arg.content.start, arg.content.end);
      if (key.includes('.')) this.literalDotted = true;
      this.path.push(key);
      this.segments.push(arg.content);
      this.record(keyed.access, keyed.removes ? { removes: true } : undefined);
      return arg.end;
    }
    this.record(keyed || WRITING_METHODS.has(name) ? 'write' : 'read');
    return paren + 1;
  }
}

/**
 * Reads the path after `ctx` (ending at `from`) and records it; with a caret, records the site the caret is in.
 * Returns the offset where scanning goes on.
 */
function chain(text: string, ctxStart: number, from: number, out: Scan, caret: number | undefined): number {
  const reader = new ChainScan(text, out, caret);
  const { path, segments } = reader;
  let p = from;
  for (;;) {
    const q = skipSpace(text, p);
    const c = text.charCodeAt(q);
    // `?.`, or `.` that does not start `..` (character codes: this runs for every segment of every path).
    const optional = c === 63 && text.charCodeAt(q + 1) === 46;
    if (optional || (c === 46 && text.charCodeAt(q + 1) !== 46)) {
      const r = skipSpace(text, q + (optional ? 2 : 1));
      let end = r;
      if (isIdentStart(text.charCodeAt(r))) while (isIdentPart(text.charCodeAt(end))) end++;
      // Only a caret makes a site (no span for it otherwise: this runs for every segment of every path).
      if (caret !== undefined) reader.siteAt({ start: r, end }, end);
      if (end === r) return r;
      const after = skipSpace(text, end);
      if (text.charCodeAt(after) === 40) return reader.method(text.slice(r, end), after);
      path.push(text.slice(r, end));
      segments.push({ start: r, end });
      p = end;
    } else if (c === 91) {
      const r = skipSpace(text, q + 1);
      const quote = text.charCodeAt(r);
      if (quote !== 39 && quote !== 34) break;
      const literal = simpleLiteral(text, r);
      if (!literal && literalEnd(text, r) < 0) {
        // An unclosed key being typed: its name runs to the first character a key rarely holds.
        let end = r + 1;
        while (end < text.length && !/[\s'"\])]/.test(text[end])) end++;
        reader.siteAt({ start: r + 1, end }, end);
        reader.record('read');
        return text.length;
      }
      // A key with escapes in it is left alone (the path stops before it).
      if (!literal) break;
      const close = skipSpace(text, literal.end);
      reader.siteAt(literal.content, text.charCodeAt(close) === 93 ? close + 1 : literal.end);
      if (text.charCodeAt(close) !== 93) return literal.end;
      const key = text.slice(literal.content.start, literal.content.end);
      if (key.includes('.')) reader.literalDotted = true;
      path.push(key);
      segments.push(literal.content);
      p = close + 1;
    } else {
      break;
    }
  }
  const before = ctxStart >= 2 ? text.charCodeAt(ctxStart - 1) : 0;
  const incremented = (before === 43 || before === 45) && text.charCodeAt(ctxStart - 2) === before;
  reader.record(assignsAt(text, p) || incremented ? 'write' : 'read');
  return p;
}

/** One pass over a script: code only (strings and comments skipped), each `ctx` path recorded. */
function scan(text: string, caret: number | undefined): Scan {
  const out: Scan = { refs: [] };
  for (let i = 0; i < text.length; ) {
    if (caret !== undefined && (out.site || i > caret)) break;
    const c = text.charCodeAt(i);
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (c === 39 || c === 34) {
      const end = literalEnd(text, i);
      i = end < 0 ? text.length : end;
    } else if (isIdentStart(c)) {
      let end = i + 1;
      // Reads stay inside the text: a read past its end deoptimises this loop.
      while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
      const member = i > 0 && text.charCodeAt(i - 1) === 46;
      // `ctx` by its character codes (no startsWith in this loop's compiled code).
      const ctx = end - i === 3 && c === 99 && text.charCodeAt(i + 1) === 116 && text.charCodeAt(i + 2) === 120;
      i = ctx && !member ? chain(text, i, end, out, caret) : end;
    } else if (c >= 48 && c <= 57) {
      // A number (`1.5`, `0x1F`): its letters are not identifiers.
      while (isIdentPart(text.charCodeAt(i)) || text.charCodeAt(i) === 46) i++;
    } else {
      i++;
    }
  }
  return out;
}

/** Every field path a script reads or writes under `ctx`. */
export function painlessRefs(text: string): EmbeddedRef[] {
  return scan(text, undefined).refs;
}

/** A caret in a path under `ctx` (`ctx.source.i|`, `ctx?.|`, `ctx['sou|`): the segment around it, with the path before. */
export function painlessSiteAt(text: string, offset: number): NameSite | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  return scan(text, offset).site;
}
