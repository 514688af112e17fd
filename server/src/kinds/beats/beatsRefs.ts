// A Beats configuration's field references as the workspace sees them (docs/workspace.md), and their rename. A
// reference of the reading may be written in several places: a target's value before the keys below it (borrowed
// segments, written by that target's own reference), nested keys (`fields: {event: {kind: x}}`). Each place is one
// run of contiguous segments; the enclosing keys of a nested name are places of their own, marked `object`. The
// places are NamedRefs whose `first` counts the segments written elsewhere, so the shared rename rewrites each in the
// file's characters, a dotted key (`when.equals.event.code`) and a name in a value or pattern alike.
import type { BeatsProcessorTable } from '../../catalog/beatsProcessors';
import { loadBeatsProcessorTable } from '../../catalog/beatsProcessors';
import { NamedRef } from '../../document/fieldRefs';
import type { Span } from '../../document/model';
import { renameRefs, workspaceRef } from '../../features/workspaceRefs';
import type { RenameAnswer, TextEdit, WorkspaceRef } from '../../features/types';
import type { BeatsDocument } from './beatsDocument';
import type { BeatsReading } from './beatsReading';

/** One place of a reference: `ref.first` segments are written elsewhere; `object`: an enclosing key, a namespace. */
interface Place {
  ref: NamedRef;
  object: boolean;
}

/** A piece's reading with where its offsets start in the document and the text they are offsets of. */
interface PieceText {
  reading: BeatsReading;
  text: string;
  at: number;
}

/**
 * The skeleton (or the whole reading) and every unit's reading. Units are read without being kept among the
 * recently read: the workspace index and a rename walk every one of them once.
 */
function pieces(doc: BeatsDocument): PieceText[] {
  return [
    { reading: doc.skeleton, text: doc.text, at: 0 },
    ...doc.units.map((u) => ({ reading: u.unit.reading(false), text: u.unit.text, at: u.start })),
  ];
}

export function* beatsReferences(doc: BeatsDocument): Iterable<WorkspaceRef> {
  const table = loadBeatsProcessorTable();
  const all = pieces(doc);
  // A name others are written under is an object (`target: event` before `fields: {kind: x}`), in whichever piece they are.
  const parents = new Set<string>();
  for (const piece of all) {
    for (const ref of piece.reading.refs) {
      const path = ref.joinedPath;
      for (let dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) parents.add(path.slice(0, dot));
    }
  }
  for (const piece of all) {
    for (const place of placesOf(piece.reading, piece.text, table, parents)) {
      const ref = place.ref;
      const removes = ref.detail.removes === true;
      yield workspaceRef(ref, ref.access === 'write' && !removes ? 'write' : 'read', piece.at, { object: place.object, removes });
    }
  }
}

/** The edits renaming `from` (and every field below it) to `to`, each place rewritten in place; refused as a whole when one cannot be. */
export function renameBeats(doc: BeatsDocument, from: readonly string[], to: readonly string[]): RenameAnswer {
  const table = loadBeatsProcessorTable();
  const edits: TextEdit[] = [];
  // The pieces are apart: no place is in two of them.
  for (const piece of pieces(doc)) {
    const answer = renameRefs(piece.text, doc.type.format, placesOf(piece.reading, piece.text, table, NO_PARENTS).map((p) => p.ref), from, to, undefined, piece.at);
    if ('refused' in answer) return answer;
    edits.push(...answer.edits);
  }
  return { edits };
}

/** A rename reads no `object` mark. */
const NO_PARENTS: ReadonlySet<string> = new Set();

/**
 * Every place of a piece's references and fixed writes, in the piece's offsets; an enclosing key shared by several
 * names once. `parents`: the paths the document writes or reads names below (objects).
 */
function placesOf(reading: BeatsReading, text: string, table: BeatsProcessorTable, parents: ReadonlySet<string>): Place[] {
  const out: Place[] = [];
  const seen = new Set<string>();
  const add = (ref: NamedRef, object: boolean): void => {
    const segments = ref.segments;
    const key = `${segments[0].start}:${segments[segments.length - 1].end}:${ref.joinedPath}:${ref.access}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ref, object });
  };
  for (const ref of [...reading.refs, ...reading.fixedWrites]) {
    const path = ref.path;
    const spans = ref.segments;
    const borrowed = reading.borrowed.get(ref) ?? 0;
    if (borrowed >= path.length) continue;
    const detail = ref.detail;
    const option = detail.processor !== undefined && detail.option !== undefined ? table.option(detail.processor, detail.option) : undefined;
    const object = option?.kind === 'objectPath' || parents.has(ref.joinedPath);
    // A default target's segments are all the processor's name: one place.
    if (detail.implied) {
      add(borrowed === 0 ? ref : placeRef(ref, borrowed, path.length), object);
      continue;
    }
    let start = borrowed;
    for (let i = borrowed + 1; i <= path.length; i++) {
      if (i < path.length && follows(text, spans[i - 1], spans[i])) continue;
      const last = i === path.length;
      add(start === 0 && last ? ref : placeRef(ref, start, i), last ? object : true);
      start = i;
    }
  }
  return out;
}

/** Whether `next` continues the name `previous` writes: the segment after its dot, or the same key (one with escapes). */
function follows(text: string, previous: Span, next: Span): boolean {
  if (next.start === previous.start && next.end === previous.end) return true;
  return next.start === previous.end + 1 && text.charCodeAt(previous.end) === 46;
}

/** The place of `ref`'s segments `start` to `end` (exclusive): its path up to `end`, the segments before `start` written elsewhere. */
function placeRef(ref: NamedRef, start: number, end: number): NamedRef {
  const path = ref.path.slice(0, end);
  const spans = ref.segments;
  const above = start > 0 ? new NamedRef(path.slice(0, start), spans.slice(0, start), ref.role, ref.access, -1, ref.detail) : undefined;
  return new NamedRef(path, spans.slice(start, end), ref.role, ref.access, -1, ref.detail, above);
}
