// What `fieldwise check` found in one file, with positions ready for every output format, and the order every report
// lists files in (by path, whatever the order of the arguments, the --jobs or the shards).
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { FwDiagnostic, Severity } from '../../features/types';
import { flatCopy, positionIndex, Range } from '../../service/positions';

export interface CheckedFile {
  /** The file as given on the command line, or found under a folder or glob given there. */
  file: string;
  /** The same file as a path for a SARIF artifact (relative to the current folder when below it, else absolute). */
  uriPath: string;
  /** The command-line name of the kind the file was read as (`pipeline`); undefined when no kind recognised it. */
  kind?: string;
  diagnostics: LocatedDiagnostic[];
}

export interface LocatedDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  /** 0-based lines, UTF-16 columns, as LSP counts them. */
  range: Range;
  /**
   * The same finding's identity across runs and machines: its code, its file's report path, the text it covers and
   * which occurrence of that text and code it is in the file; not its line, so an edit above it keeps it.
   */
  fingerprint: string;
}

/** `uriPath` takes part in each fingerprint: give the path as the reports name the file. */
export function locate(text: string, diagnostics: readonly FwDiagnostic[], uriPath: string): LocatedDiagnostic[] {
  const index = positionIndex(text);
  const seen = new Map<string, number>();
  return diagnostics.map((d) => {
    const covered = text.slice(d.start, d.end);
    const identity = `${d.code}\0${uriPath}\0${covered}`;
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    const fingerprint = createHash('sha256').update(`${identity}\0${occurrence}`).digest('hex').slice(0, 32);
    // A run keeps every file's findings until its report is written: none may keep the file's text alive.
    return { code: d.code, severity: d.severity, message: flatCopy(d.message), range: index.range(d), fingerprint };
  });
}

export interface Tally {
  error: number;
  warning: number;
  information: number;
  hint: number;
}

/**
 * The order of files in every report: standard input (`-`) first, then by path, folder by folder (`a/b` before `a-b`,
 * as a folder walk meets them), `./` and `a/../` aside. A report merged from shards comes out in the same order.
 */
export function comparePaths(a: string, b: string): number {
  const ka = pathKey(a);
  const kb = pathKey(b);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
  }
  return ka.length - kb.length;
}

function pathKey(path: string): string[] {
  if (path === '-') return [];
  return posix.normalize(path.replace(/\\/g, '/')).split('/');
}
