// The ceiling on information and hint diagnostics per file in the editor (`fieldwise.diagnostics.maxInformationAndHints`):
// documents that other tools composed can hold tens of thousands, which every edit would send again. Errors and
// warnings are never left out, and the command line reports everything; one information diagnostic says what was left out.
import type { FwDiagnostic } from '../features/types';

export const CEILING_CODE = 'information-and-hints-left-out';
const SETTING = 'fieldwise.diagnostics.maxInformationAndHints';

/** `findings` (in document order) with information and hints after the first `max` left out, and the notice if any were. */
export function withinCeiling(findings: readonly FwDiagnostic[], max: number): readonly FwDiagnostic[] {
  let low = 0;
  // Indexed: tens of thousands of findings on a dense document, and an iterator step allocates until the loop is optimized.
  for (let i = 0; i < findings.length; i++) if (isLow(findings[i])) low++;
  if (low <= max) return findings;
  const out: FwDiagnostic[] = [];
  let kept = 0;
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i];
    if (isLow(f)) {
      if (kept >= max) continue;
      kept++;
    }
    out.push(f);
  }
  out.push(notice(low - max, max));
  return out;
}

function isLow(f: FwDiagnostic): boolean {
  return f.severity === 'information' || f.severity === 'hint';
}

function notice(left: number, max: number): FwDiagnostic {
  // Digits grouped by hand: toLocaleString's first call loads ICU's number formats, inside a first open.
  const n = (v: number): string => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return {
    code: CEILING_CODE,
    severity: 'information',
    message: `${n(left)} more information and hint diagnostics in this file are not shown (the first ${n(max)} are; every error and warning is). ` +
      `To see them all, raise ${SETTING} or run \`fieldwise check\` on the file.`,
    start: 0,
    end: 0,
  };
}
