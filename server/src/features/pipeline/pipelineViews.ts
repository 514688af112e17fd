// The references of a pipeline as the rules of event keys read them: a view per access, indexed like one event's.
import { EventView, NamedRef } from '../../document/fieldRefs';
import type { EventSlice } from '../../document/model';
import type { PipelineDocument } from '../../document/pipeline/pipelineDocument';

/**
 * The names a pipeline writes and keeps: a temporary field it removes or renames away later (the field itself, or an
 * object above it: `remove: _tmp` after a capture into `_tmp.ip`) is not an event field.
 */
export function writtenView(doc: PipelineDocument): EventView {
  const gone = new Map<string, number>();
  for (const ref of doc.refs) if (ref.detail.removes || (ref.detail.processor === 'rename' && ref.detail.option === 'field')) gone.set(ref.joinedPath, ref.segments[0].start);
  const removedLater = (ref: NamedRef): boolean => {
    const at = ref.segments[0].start;
    let path = '';
    for (const name of ref.path) {
      path = path === '' ? name : `${path}.${name}`;
      if ((gone.get(path) ?? -1) > at) return true;
    }
    return false;
  };
  const kept = doc.refs.filter((ref) => ref.access === 'write' && !ref.detail.removes && !removedLater(ref));
  return viewOf(doc, kept);
}

/** A view of some of the document's references, indexed as one event's (rules find each reference's info by index). */
export function viewOf(doc: PipelineDocument, refs: readonly NamedRef[]): EventView {
  const slice: EventSlice = { index: 0, start: 0, text: doc.text, root: undefined, errors: [] };
  return new EventView(slice, refs.map((r, i) => new NamedRef(r.path, r.segments, r.role, r.access, i, r.detail)));
}
