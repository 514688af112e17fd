// The field references a ruby filter's inline code names through the Event API: `event.get('[a][b]')` reads,
// `event.set('[a][b]', value)` writes, `event.remove('[a][b]')` removes, `event.include?('[a]')` reads; the argument
// a string literal in single or double quotes (a computed name, or one holding `#{...}`, names no field we know).
import { type FieldReference, parseFieldReference } from './fieldReference';

export type RubyAccess = 'read' | 'write' | 'remove';

export interface RubyRef {
  ref: FieldReference;
  access: RubyAccess;
}

const CALL = /\bevent\s*\.\s*(get|set|remove|include\?)\s*\(\s*(['"])/g;
const ACCESS: Readonly<Record<string, RubyAccess>> = { get: 'read', set: 'write', remove: 'remove', 'include?': 'read' };

/** The references of `code` (a string's value; character i is the file's `base + i`), in order. */
export function rubyRefs(code: string, base: number): RubyRef[] {
  const out: RubyRef[] = [];
  for (const m of code.matchAll(CALL)) {
    const quote = m[2];
    const from = (m.index ?? 0) + m[0].length;
    const to = code.indexOf(quote, from);
    if (to < 0) continue;
    const name = code.slice(from, to);
    if (name.includes('\\') || (quote === '"' && name.includes('#{'))) continue;
    const ref = parseFieldReference(code, from, to, base);
    if (ref) out.push({ ref, access: ACCESS[m[1]] });
  }
  return out;
}
