// What one piece of a Beats configuration gives the whole (beatsDiagnostics.ts works it out and judges from it) and the
// workspace (its places, beatsRefs.ts): kept with a large file's unit (beatsDocument.ts) while its text is unchanged.
import type { BeatsProcessorTable } from '../../catalog/beatsProcessors';
import type { Catalog } from '../../catalog/types';
import type { NamedRef } from '../../document/fieldRefs';
import type { SyntaxProblem } from '../../document/model';
import type { FwDiagnostic, WorkspaceRef } from '../../features/types';

/**
 * What a piece gives the whole configuration, in the piece's own offsets. It holds no piece of the text (names
 * interned, messages copied): a unit's digest outlives the version it was made in.
 */
export interface BeatsDigest {
  catalog: Catalog;
  table: BeatsProcessorTable;
  errors: readonly SyntaxProblem[];
  /**
   * The names judged as written, in order: each a joined path whose segments' starts and ends follow in `spans` (2
   * numbers a segment), or a reference judged alone (a default target: its spans are the processor's name).
   */
  writes: ReadonlyArray<string | NamedRef>;
  spans: readonly number[];
  /** Every path it writes, judged or not (a metadata processor's fields), for the names read that are its own. */
  written: readonly string[];
  /** The paths taken away, and where. */
  gone: ReadonlyArray<{ path: string; at: number }>;
  /** The rules' findings (default severities), each read's with the path that voids it when written. */
  findings: ReadonlyArray<{ diagnostic: FwDiagnostic; unlessWritten?: readonly string[] }>;
}

/**
 * A piece's places as the workspace sees them (beatsRefs.ts), in its own offsets, apart from the one mark that
 * depends on the whole document (whether another piece writes names below it: `parentKey`). Kept with a unit while
 * its text is unchanged: the workspace index reads them without reading the unit again.
 */
export interface PiecePlaces {
  refs: readonly WorkspaceRef[];
  /** Per place, the path whose being a parent makes it an object; undefined when its mark is fixed. */
  parentKeys: ReadonlyArray<string | undefined>;
  /** The paths of the piece's references: the names above each are objects (`parentKey`). */
  paths: readonly string[];
}

