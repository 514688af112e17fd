// `# fieldwise-disable-line CODE` in YAML: a diagnostic starting on such a line is switched off.
import { lineOf, lineStarts } from '../../document/lines';
import type { EventSlice } from '../../document/model';
import type { FwDiagnostic } from '../../features/types';

/** Whether the event line where a (local) diagnostic starts switches its code, or every code, off. */
export function lineDisabled(event: EventSlice, diagnostic: Pick<FwDiagnostic, 'code' | 'start'>): boolean {
  const lines = event.disabledLines;
  if (!lines || lines.size === 0) return false;
  const starts = event.lineStarts ?? (event.lineStarts = lineStarts(event.text));
  const codes = lines.get(lineOf(starts, diagnostic.start));
  return codes !== undefined && (codes.size === 0 || codes.has(diagnostic.code));
}
