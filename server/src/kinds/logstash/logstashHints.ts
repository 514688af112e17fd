// Level badges after each field reference of a Logstash config that the schema knows (a field, or an intermediate
// object with its best level), after the reference as written (`[source][ip]`, `%{[host][name]}`).
import type { Catalog } from '../../catalog/types';
import type { Span } from '../../document/model';
import { levelOfPath } from '../../features/catalogIndex';
import { detailLine, fieldDetail } from '../../features/levelBadge';
import type { InlayHintEntry } from '../../features/types';
import type { ConfigRef } from './configRefs';

export function logstashHints(refs: readonly ConfigRef[], range: Span, catalog: Catalog): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  for (const r of refs) {
    const span = r.written?.span;
    if (!span || r.ref.detail.implied || r.metadata || r.written?.problem !== undefined || span.end < range.start || span.start > range.end) continue;
    const resolution = catalog.resolve(r.ref.path);
    const path = r.ref.joinedPath;
    if (resolution.kind === 'field') out.push({ offset: span.end, label: resolution.field.level, tooltip: `${path}: ${fieldDetail(resolution.field)}` });
    else if (resolution.kind === 'object') {
      const level = levelOfPath(catalog, r.ref.path);
      if (level) out.push({ offset: span.end, label: level, tooltip: `${path}: ${detailLine('object', level, resolution)}` });
    }
  }
  return out;
}
