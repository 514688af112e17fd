// Renaming a field reference where it is written, in the file's own characters: the one edit every kind's rename
// fixes make of a reference found inside a value (a whole name, a pattern's capture, a template, a script path).
import type { NamedRef } from '../document/fieldRefs';
import type { TextEdit } from './types';

/**
 * The edits renaming a reference: one replacement when its name is written as one dotted run (`source.ip`, `%{IP:source.ip}`),
 * else one per segment when the new path has as many (`ctx['source']['ip']`); undefined when neither fits.
 */
export function renameRef(text: string, ref: NamedRef, path: readonly string[]): TextEdit[] | undefined {
  const first = ref.segments[0];
  const last = ref.segments[ref.segments.length - 1];
  if (text.slice(first.start, last.end) === ref.path.join('.')) return [{ start: first.start, end: last.end, newText: path.join('.') }];
  if (path.length !== ref.segments.length || ref.segments.some((s, i) => text.slice(s.start, s.end) !== ref.path[i])) return undefined;
  return ref.segments.map((s, i) => ({ start: s.start, end: s.end, newText: path[i] }));
}
