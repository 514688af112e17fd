// Level badges after each field name a mapping declares that the schema knows (a field or an intermediate object).
import type { MappingDocument } from './mappingDocument';
import type { Span } from '../../document/model';
import type { FeatureEnv } from '../../features/env';
import { levelHint } from '../../features/levelBadge';
import type { InlayHintEntry } from '../../features/types';

export function mappingHints(doc: MappingDocument, range: Span, env: FeatureEnv): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  for (const ref of doc.refs) {
    const end = ref.segments[ref.segments.length - 1].end;
    if (end < range.start || ref.segments[0].start > range.end) continue;
    const hint = levelHint(ref, env.catalog);
    if (hint) out.push(hint);
  }
  return out;
}
