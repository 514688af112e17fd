// A kind's field references as the workspace sees them (kinds/kind.ts `WorkspaceRef`), and the rename every kind
// shares: each reference of a renamed field rewritten where it is written, in the file's own characters. A key keeps
// its quoting and stays nested or dotted as it was; a name inside a value (a whole name, a pattern's capture, a
// template, a script path) is rewritten in place. A place whose enclosing names change is the kind's to move.
import type { FieldRef, NamedRef } from '../document/fieldRefs';
import type { DocumentFormat } from '../document/model';
import { keyText } from '../document/syntaxes/writerFor';
import type { RefUse, RenameAnswer, TextEdit, WorkspaceRef } from './types';

/** A reference as the workspace keeps it, its spans moved by `shift` (an event's local offsets to the document's). */
export function workspaceRef(ref: FieldRef, use: RefUse, shift = 0, flags: { object?: boolean; removes?: boolean } = {}): WorkspaceRef {
  const segments = ref.segments;
  const detail = (ref as Partial<NamedRef>).detail;
  const out: { -readonly [K in keyof WorkspaceRef]: WorkspaceRef[K] } = {
    path: ref.joinedPath,
    start: segments[0].start + shift,
    end: segments[segments.length - 1].end + shift,
    first: ref.first,
    use,
    role: ref.role,
  };
  if (flags.object ?? detail?.object) out.object = true;
  if (flags.removes ?? detail?.removes) out.removes = true;
  return out;
}

/** Whether a path is `from` or below it. */
export function isAtOrBelow(path: readonly string[], from: readonly string[]): boolean {
  if (path.length < from.length) return false;
  for (let i = 0; i < from.length; i++) if (path[i] !== from[i]) return false;
  return true;
}

/** What renaming `from` to `to` makes of a path at or below `from`. */
export function renamedPath(path: readonly string[], from: readonly string[], to: readonly string[]): string[] {
  return [...to, ...path.slice(from.length)];
}

/** A place whose enclosing names change: the kind moves it (or says why it cannot). */
export type Mover<R extends FieldRef> = (ref: R, path: readonly string[]) => TextEdit[] | string;

/**
 * The edits renaming `from` to `to` at every reference in `refs` (local offsets of `text`): the references whose own
 * segments name part of `from` (a nested key below a renamed parent needs no edit of its own). In place when the
 * enclosing names stay, else `move`; the first reference that cannot be rewritten refuses the whole document.
 */
export function renameRefs<R extends FieldRef>(
  text: string, format: DocumentFormat, refs: readonly R[], from: readonly string[], to: readonly string[], move?: Mover<R>, shift = 0,
): RenameAnswer {
  const edits: TextEdit[] = [];
  for (const ref of refs) {
    const detail = (ref as Partial<NamedRef>).detail;
    // A default target names no field in the text (its span is the processor's name): nothing to rewrite.
    if (detail?.implied) continue;
    const path = ref.path;
    if (ref.first >= from.length || !isAtOrBelow(path, from)) continue;
    const next = renamedPath(path, from, to);
    const kept = next.slice(0, ref.first).every((name, i) => name === path[i]);
    const found = kept ? inPlace(text, format, ref, next.slice(ref.first)) : move ? move(ref, next) : movedOut(ref);
    if (typeof found === 'string') return { refused: found };
    for (const edit of found) {
      const start = edit.start + shift;
      // A place both read and written (a processor's field changed in place) is one place: rewritten once.
      if (edits.some((e) => e.start === start && e.end === edit.end + shift && e.newText === edit.newText)) continue;
      edits.push({ start, end: edit.end + shift, newText: edit.newText });
    }
  }
  return { edits };
}

/** The reference's own segments rewritten as `own`. */
function inPlace(text: string, format: DocumentFormat, ref: FieldRef, own: readonly string[]): TextEdit[] | string {
  if (ref.role === 'key' || ref.role === 'declared') {
    const property = ref.property;
    return [{ start: property.keyTokenSpan.start, end: property.keyTokenSpan.end, newText: keyText(own.join('.'), format, property, text) }];
  }
  const segments = ref.segments;
  const first = segments[0];
  const last = segments[segments.length - 1];
  const written = text.slice(first.start, last.end);
  const old = ref.path.slice(ref.first);
  if (written === old.join('.')) return [{ start: first.start, end: last.end, newText: own.join('.') }];
  // `ctx['source']['ip']`: one name per segment, renamed segment by segment when the new path has as many.
  if (own.length === segments.length && segments.every((s, i) => text.slice(s.start, s.end) === old[i])) {
    return segments.map((s, i) => ({ start: s.start, end: s.end, newText: own[i] }));
  }
  return `'${written}' names ${ref.joinedPath} in a form that cannot become ${own.join('.')} in place`;
}

function movedOut(ref: FieldRef): string {
  return `${ref.joinedPath} is written below ${ref.path.slice(0, ref.first).join('.')}; renaming it moves it out of there, which this file kind does not do: move it by hand first`;
}
