// What `fieldwise check` found in one file, with positions ready for every output format.
import type { FwDiagnostic, Severity } from '../../features/types';
import { positionIndex, Range } from '../../service/positions';

export interface CheckedFile {
  /** The file as given on the command line, or found under a folder or glob given there. */
  file: string;
  /** The same file as a path for a SARIF artifact (relative to the current folder when below it, else absolute). */
  uriPath: string;
  diagnostics: LocatedDiagnostic[];
}

export interface LocatedDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  /** 0-based lines, UTF-16 columns, as LSP counts them. */
  range: Range;
}

export function locate(text: string, diagnostics: readonly FwDiagnostic[]): LocatedDiagnostic[] {
  const index = positionIndex(text);
  return diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: index.range(d) }));
}

export interface Tally {
  error: number;
  warning: number;
  information: number;
  hint: number;
}

export function tally(files: readonly CheckedFile[]): Tally {
  const out: Tally = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const f of files) for (const d of f.diagnostics) out[d.severity]++;
  return out;
}
