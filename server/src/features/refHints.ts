// Level badges after each field reference the schema knows (a field, or an intermediate object with its best level):
// every file kind whose references are not an event's keys shows them the same way.
import type { Catalog } from '../catalog/types';
import type { FieldRef } from '../document/fieldRefs';
import type { Span } from '../document/model';
import { levelOfPath } from './catalogIndex';
import { detailLine, fieldDetail } from './levelBadge';
import type { InlayHintEntry } from './types';

export function refHints(refs: readonly FieldRef[], range: Span, catalog: Catalog): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  for (const ref of refs) {
    const end = ref.segments[ref.segments.length - 1].end;
    if (end < range.start || ref.segments[0].start > range.end) continue;
    const resolution = catalog.resolve(ref.path);
    const path = ref.joinedPath;
    if (resolution.kind === 'field') out.push({ offset: end, label: resolution.field.level, tooltip: `${path}: ${fieldDetail(resolution.field)}` });
    else if (resolution.kind === 'object') {
      const level = levelOfPath(catalog, ref.path);
      if (level) out.push({ offset: end, label: level, tooltip: `${path}: ${detailLine('object', level, resolution)}` });
    }
  }
  return out;
}
