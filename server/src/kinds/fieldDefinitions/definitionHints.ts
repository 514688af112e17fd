// Level badges after each name of a field definitions file that the schema knows (a field or an intermediate object).
import type { FieldDefinitionsDocument } from './fieldDefinitionsDocument';
import type { Span } from '../../document/model';
import type { FeatureEnv } from '../../features/env';
import { levelHint } from '../../features/levelBadge';
import type { InlayHintEntry } from '../../features/types';

export function fieldDefinitionHints(doc: FieldDefinitionsDocument, range: Span, env: FeatureEnv): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  for (const item of doc.items) {
    const ref = item.ref;
    if (!ref || ref.segments[ref.segments.length - 1].end < range.start || ref.segments[0].start > range.end) continue;
    const hint = levelHint(ref, env.catalog);
    if (hint) out.push(hint);
  }
  return out;
}
