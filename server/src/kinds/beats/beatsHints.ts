// Level badges after each field reference of a Beats configuration that the schema knows (a field or an intermediate
// object); names a processor writes without naming them get none (they have no place of their own).
import type { Span } from '../../document/model';
import { levelHint } from '../../features/levelBadge';
import type { InlayHintEntry } from '../../features/types';
import { BeatsDocument, piecesIn } from './beatsDocument';
import type { BeatsEnv } from './beatsEnv';

export function beatsHints(doc: BeatsDocument, range: Span, env: BeatsEnv): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  for (const { reading, at } of piecesIn(doc, range)) {
    for (const ref of reading.refs) {
      const end = ref.segments[ref.segments.length - 1].end + at;
      if (ref.detail.implied || end < range.start || end > range.end) continue;
      const hint = levelHint(ref, env.catalog);
      if (hint) out.push({ ...hint, offset: hint.offset + at });
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}
