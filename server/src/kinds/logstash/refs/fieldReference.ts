// Logstash's field reference grammar (the Logstash reference, "Field References Deep Dive", formal grammar): a
// composite reference is one or more `[...]` fragments, each a field name (no `[` or `]` in it) or an embedded
// reference in its own brackets (`[[source][ip]]` is `[source][ip]`); anything else is one literal top-level field
// name (`message`, `source.ip`: a dot does not nest). A name with brackets in it, an empty fragment or text after a
// fragment is what Logstash 8 rejects ("Invalid FieldReference"). A fragment of digits reads an array element
// (`[host][ip][0]` names `host.ip`). Escaped brackets (`%5B`, `&#91;`, under config.field_reference.escape_style)
// are part of a name, never fragments.
import type { Span } from '../../../document/model';

export interface RefSegment extends Span {
  /** The name as written (dots and spaces are part of it). */
  name: string;
}

export interface FieldReference {
  /** `[a][b]` fragments, or one bare top-level name. */
  form: 'bracket' | 'bare';
  /** The names, array indexes left out; file offsets. */
  segments: RefSegment[];
  /** Where the reference is in the file. */
  span: Span;
  /** An index fragment (`[0]`, `[-1]`) was read. */
  indexed: boolean;
  /** Why Logstash rejects it, when it does. */
  problem?: string;
}

const INDEX = /^-?\d+$/;
/** Brackets inside brackets deeper than this are junk, not a reference (the recursion stays shallow). */
const MAX_EMBEDDED = 20;

/**
 * The reference written in `text[from, to)`, whose character i is the file's `base + i`; undefined for an empty text.
 * Never throws: a reference Logstash rejects comes back with its `problem`.
 */
export function parseFieldReference(text: string, from: number, to: number, base: number): FieldReference | undefined {
  if (to <= from) return undefined;
  const span = { start: base + from, end: base + to };
  if (text.charCodeAt(from) !== 91 /* [ */) {
    const name = text.slice(from, to);
    const bracket = name.search(/[[\]]/);
    return {
      form: 'bare', segments: [{ name, start: span.start, end: span.end }], span, indexed: false,
      ...(bracket >= 0 ? { problem: `'${name}' mixes a bare name with brackets: write every part in brackets ([a][b]), or none` } : {}),
    };
  }
  const out: FieldReference = { form: 'bracket', segments: [], span, indexed: false };
  const end = fragments(text, from, to, base, out, 0);
  if (out.problem === undefined && end !== to) out.problem = 'has text after its last ]';
  if (out.problem === undefined && out.segments.length === 0) out.problem = 'names no field';
  if (out.problem !== undefined) out.problem = `'${text.slice(from, to)}' ${out.problem}`;
  return out;
}

/** Reads fragments from `at` while one starts there; returns where they end. */
function fragments(text: string, at: number, to: number, base: number, out: FieldReference, depth: number): number {
  while (at < to && text.charCodeAt(at) === 91) {
    const next = fragment(text, at, to, base, out, depth);
    if (next < 0) return to;
    at = next;
  }
  return at;
}

/** One `[...]` at `at`; returns the offset after its `]`, or -1 after recording the problem. */
function fragment(text: string, at: number, to: number, base: number, out: FieldReference, depth: number): number {
  const inner = at + 1;
  if (inner < to && text.charCodeAt(inner) === 91) {
    // An embedded reference: its fragments, then this fragment's `]`.
    if (depth > MAX_EMBEDDED) return fail(out, 'nests brackets too deep');
    const end = fragments(text, inner, to, base, out, depth + 1);
    if (out.problem !== undefined) return -1;
    if (end >= to || text.charCodeAt(end) !== 93) return fail(out, 'has a [ without its ]');
    return end + 1;
  }
  let i = inner;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 93 || c === 91) break;
    i++;
  }
  if (i >= to) return fail(out, 'has a [ without its ]');
  if (text.charCodeAt(i) === 91) return fail(out, 'has a [ inside a name');
  if (i === inner) return fail(out, 'has an empty []');
  const name = text.slice(inner, i);
  // An index reads an array's element; a name after one (`[a][0][b]`) goes on from the element's fields.
  if (INDEX.test(name)) out.indexed = true;
  else out.segments.push({ name, start: base + inner, end: base + i });
  return i + 1;
}

function fail(out: FieldReference, what: string): number {
  out.problem = what;
  return -1;
}

/** The path a reference names: its segments' names (the root name `@metadata` included). */
export function pathOf(ref: FieldReference): string[] {
  return ref.segments.map((s) => s.name);
}

/** Whether a reference is under `[@metadata]`: Logstash's own scratch space, never sent, never a schema field. */
export function isMetadata(ref: FieldReference): boolean {
  return ref.segments.length > 0 && ref.segments[0].name === '@metadata';
}

/** A path written in the bracket form (`[source][ip]`). */
export function bracketForm(path: readonly string[]): string {
  return path.map((name) => `[${name}]`).join('');
}
