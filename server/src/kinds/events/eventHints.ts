// Level badges in the text: after each key the schema knows (a field or an intermediate object), its level.
import type { EventView } from '../../document/fieldRefs';
import type { Span } from '../../document/model';
import { levelOfPath } from '../../features/catalogIndex';
import type { FeatureEnv } from '../../features/env';
import { detailLine, fieldDetail } from '../../features/levelBadge';
import type { InlayHintEntry } from '../../features/types';

export function inlayHints(view: EventView, range: Span, env: FeatureEnv): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  for (const ref of view.refs) {
    const key = ref.property.keyTokenSpan;
    if (key.end < range.start || key.start > range.end || ref.property.key === '') continue;
    const resolution = env.catalog.resolve(ref.path);
    const path = ref.path.join('.');
    if (resolution.kind === 'field') {
      const field = resolution.field;
      out.push({ offset: key.end, label: field.level, tooltip: `${path}: ${fieldDetail(field)}` });
    } else if (resolution.kind === 'object') {
      const level = levelOfPath(env.catalog, ref.path);
      if (level) out.push({ offset: key.end, label: level, tooltip: `${path}: ${detailLine('object', level, resolution)}` });
    }
  }
  return out;
}
