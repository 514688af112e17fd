// Level badges after each field reference of a pipeline that the schema knows (a field or an intermediate object).
import type { Span } from '../../document/model';
import type { PipelineDocument } from './pipelineDocument';
import { levelHint } from '../../features/levelBadge';
import type { InlayHintEntry } from '../../features/types';
import type { PipelineEnv } from './pipelineEnv';

export function pipelineHints(doc: PipelineDocument, range: Span, env: PipelineEnv): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  for (const ref of doc.refs) {
    const end = ref.segments[ref.segments.length - 1].end;
    if (end < range.start || ref.segments[0].start > range.end || ref.detail.implied) continue;
    const hint = levelHint(ref, env.catalog);
    if (hint) out.push(hint);
  }
  return out;
}
