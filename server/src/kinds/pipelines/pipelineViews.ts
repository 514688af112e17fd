// The references of a pipeline as the rules of event keys read them: a view per access, indexed like one event's.
import { EventView, NamedRef, NamedRefDetail } from '../../document/fieldRefs';
import type { EventSlice } from '../../document/model';
import type { PipelineDocument } from './pipelineDocument';

/**
 * The names a pipeline writes and keeps: a temporary field it removes or renames away later (the field itself, or an
 * object above it: `remove: _tmp` after a capture into `_tmp.ip`) is not an event field.
 */
export function writtenView(doc: PipelineDocument): EventView {
  const gone = new Map<string, number>();
  for (const ref of doc.refs) if (removesField(ref)) gone.set(ref.joinedPath, ref.segments[0].start);
  const removedLater = removedAfter(gone);
  const kept = doc.refs.filter((ref) => isWrite(ref) && !removedLater(ref.path, ref.segments[0].start));
  return viewOf(doc, kept);
}

/** A reference that takes its field away (`remove`, a script's `remove`, the source of a `rename`). */
export function removesField(ref: NamedRef): boolean {
  return removesBy(ref.detail);
}

/** Whether a reference with this detail takes its field away (`removesField`; a name only read has no reference). */
export function removesBy(detail: NamedRefDetail): boolean {
  return detail.removes === true || (detail.processor === 'rename' && detail.option === 'field');
}

/** A reference the written view may keep: a write that does not remove. */
export function isWrite(ref: NamedRef): boolean {
  return ref.access === 'write' && !ref.detail.removes;
}

/**
 * Whether a path written at `at` is removed after it: the path or an object above it, by `gone` (each removed path
 * and where its last removal stands).
 */
export function removedAfter(gone: ReadonlyMap<string, number>): (path: readonly string[], at: number) => boolean {
  if (gone.size === 0) return () => false;
  // Most written paths share no root with anything removed: they are passed over without building their prefixes.
  const roots = new Set<string>();
  for (const path of gone.keys()) roots.add(path.split('.')[0]);
  return (names, at) => {
    const head = names[0];
    // A literal dotted name (`ctx['source.ip']`) is one segment: its root is before its first dot.
    if (!roots.has(head.includes('.') ? head.slice(0, head.indexOf('.')) : head)) return false;
    let path = '';
    for (const name of names) {
      path = path === '' ? name : `${path}.${name}`;
      if ((gone.get(path) ?? -1) > at) return true;
    }
    return false;
  };
}

/** A view of some of the document's references, indexed as one event's (rules find each reference's info by index). */
export function viewOf(doc: PipelineDocument, refs: readonly NamedRef[]): EventView {
  return new EventView(sliceOf(doc), refs.map((r, i) => new NamedRef(r.path, r.segments, r.role, r.access, i, r.detail)));
}

/** The whole text as the one "event" a view stands on. */
export function sliceOf(doc: PipelineDocument): EventSlice {
  return { index: 0, start: 0, text: doc.text, root: undefined, errors: [] };
}
