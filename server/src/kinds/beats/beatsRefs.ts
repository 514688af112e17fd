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
import type { PiecePlaces } from './beatsDigest';
import type { BeatsDocument, Unit } from './beatsDocument';
import type { BeatsReading } from './beatsReading';

/**
 * One place of a reference: `ref.first` segments are written elsewhere; `object`: an enclosing key, a namespace (also
 * when the document writes names below `parentKey`).
 */
interface Place {
  ref: NamedRef;
  object: boolean;
  parentKey?: string;
}

/** A piece's reading with where its offsets start in the document and the text they are offsets of. */
interface PieceText {
  reading: BeatsReading;
  text: string;
  at: number;
}

/**
 * The skeleton (or the whole reading) and every unit's reading. Units are read without being kept among the
 * recently read: a rename walks every one of them once.
 */
function pieces(doc: BeatsDocument): PieceText[] {
  return [
    { reading: doc.skeleton, text: doc.text, at: 0 },
    ...doc.units.map((u) => ({ reading: u.unit.reading(false), text: u.unit.text, at: u.start })),
  ];
}

/** The places of a piece's reading (`text`: the piece's). */
export function piecePlaces(reading: BeatsReading, text: string, table: BeatsProcessorTable): PiecePlaces {
  const paths = new Set<string>();
  for (const ref of reading.refs) paths.add(ref.joinedPath);
  const refs: WorkspaceRef[] = [];
  const parentKeys: Array<string | undefined> = [];
  for (const place of placesOf(reading, text, table)) {
    const ref = place.ref;
    const removes = ref.detail.removes === true;
    refs.push(workspaceRef(ref, ref.access === 'write' && !removes ? 'write' : 'read', 0, { object: place.object, removes }));
    parentKeys.push(place.object ? undefined : place.parentKey);
  }
  return { refs, parentKeys, paths: [...paths] };
}

/** A unit's places, worked out now when the check has not. */
function unitPlaces(unit: Unit, table: BeatsProcessorTable): PiecePlaces {
  return (unit.places ??= piecePlaces(unit.reading(false), unit.text, table));
}

export function* beatsReferences(doc: BeatsDocument): Iterable<WorkspaceRef> {
  const table = loadBeatsProcessorTable();
  const all: Array<{ places: PiecePlaces; at: number }> = [
    { places: piecePlaces(doc.skeleton, doc.text, table), at: 0 },
    ...doc.units.map((u) => ({ places: unitPlaces(u.unit, table), at: u.start })),
  ];
  // A name others are written under is an object (`target: event` before `fields: {kind: x}`), in whichever piece they are.
  const parents = new Set<string>();
  for (const { places } of all) {
    for (const path of places.paths) {
      for (let dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) parents.add(path.slice(0, dot));
    }
  }
  for (const { places, at } of all) {
    for (let i = 0; i < places.refs.length; i++) {
      const ref = places.refs[i];
      const key = places.parentKeys[i];
      const object = ref.object === true || (key !== undefined && parents.has(key));
      const out: { -readonly [K in keyof WorkspaceRef]: WorkspaceRef[K] } = { path: ref.path, start: ref.start + at, end: ref.end + at, first: ref.first, use: ref.use, role: ref.role };
      if (object) out.object = true;
      if (ref.removes) out.removes = true;
      yield out;
    }
  }
}

/** The edits renaming `from` (and every field below it) to `to`, each place rewritten in place; refused as a whole when one cannot be. */
export function renameBeats(doc: BeatsDocument, from: readonly string[], to: readonly string[]): RenameAnswer {
  const table = loadBeatsProcessorTable();
  const edits: TextEdit[] = [];
  // The pieces are apart: no place is in two of them.
  for (const piece of pieces(doc)) {
    const answer = renameRefs(piece.text, doc.type.format, placesOf(piece.reading, piece.text, table).map((p) => p.ref), from, to, undefined, piece.at);
    if ('refused' in answer) return answer;
    edits.push(...answer.edits);
  }
  return { edits };
}

/**
 * Every place of a piece's references and fixed writes, in the piece's offsets; an enclosing key shared by several
 * names once. A place that is not an object by its option is one when the document writes or reads names below its
 * `parentKey`.
 */
function placesOf(reading: BeatsReading, text: string, table: BeatsProcessorTable): Place[] {
  const out: Place[] = [];
  const seen = new Set<string>();
  const add = (ref: NamedRef, object: boolean, parentKey?: string): void => {
    const segments = ref.segments;
    const key = `${segments[0].start}:${segments[segments.length - 1].end}:${ref.joinedPath}:${ref.access}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(object ? { ref, object } : { ref, object, parentKey });
  };
  for (const ref of [...reading.refs, ...reading.fixedWrites]) {
    const path = ref.path;
    const spans = ref.segments;
    // A key taken whole (add_labels' `a.b`, or keys nested below labels joined into one) is one segment for several
    // names: the last segment holds the names past the others.
    const count = spans.length;
    const borrowed = reading.borrowed.get(ref) ?? 0;
    if (borrowed >= count) continue;
    const detail = ref.detail;
    const option = detail.processor !== undefined && detail.option !== undefined ? table.option(detail.processor, detail.option) : undefined;
    const object = option?.kind === 'objectPath';
    // A default target's segments are all the processor's name: one place.
    if (detail.implied) {
      add(borrowed === 0 ? ref : placeRef(ref, borrowed, path.length, count), object, ref.joinedPath);
      continue;
    }
    let start = borrowed;
    for (let i = borrowed + 1; i <= count; i++) {
      if (i < count && follows(text, spans[i - 1], spans[i])) continue;
      const last = i === count;
      add(start === 0 && last ? ref : placeRef(ref, start, last ? path.length : i, i), last ? object : true, ref.joinedPath);
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

/**
 * The place of `ref`'s segments `start` to `spanEnd` (exclusive), naming its path up to `end`: the segments before
 * `start` written elsewhere (a segment before the last names one name).
 */
function placeRef(ref: NamedRef, start: number, end: number, spanEnd: number): NamedRef {
  const path = ref.path.slice(0, end);
  const spans = ref.segments;
  const above = start > 0 ? new NamedRef(path.slice(0, start), spans.slice(0, start), ref.role, ref.access, -1, ref.detail) : undefined;
  return new NamedRef(path, spans.slice(start, spanEnd), ref.role, ref.access, -1, ref.detail, above);
}
