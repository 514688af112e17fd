// What a LanguageService keeps for its features between requests, one per instance (one per workspace folder),
// carried to the features on their FeatureEnv: state that grows with the documents users open belongs to the
// instance that serves them, not to the module.
import type { Catalog } from '../catalog/types';
import type { NamedRefDetail, RefAccess, RefRole } from '../document/fieldRefs';
import type { DocumentFormat, Span } from '../document/model';
import type { FwDiagnostic } from './types';

/** An event's findings before settings apply, and what they were computed with. */
export interface EventFindings {
  catalog: Catalog;
  format: DocumentFormat;
  dottedKeys: boolean;
  diagnostics: FwDiagnostic[];
}

/**
 * What a pipeline's processors give the whole pipeline (features/pipeline/pipelineDiagnostics.ts), in their own
 * offsets: kept per top-level processor of a pipeline read as units while its text is unchanged.
 */
export interface PipelineDigest {
  /** Where its part started when digested: its offsets are the document's of that version. */
  origin: number;
  /** The names written and not removed there (the written view keeps those not removed later). */
  writes: ReadonlyArray<{ path: readonly string[]; segments: readonly Span[]; role: RefRole; access: RefAccess; detail: NamedRefDetail }>;
  /** Paths removed or renamed away, and where. */
  gone: ReadonlyArray<{ path: string; at: number }>;
  /** The processor rules' findings (default severities), each with what another processor's text would void it by. */
  findings: ReadonlyArray<{ diagnostic: FwDiagnostic; unlessConverted?: string; unlessWritten?: readonly string[] }>;
  /** The schema fields its convert processors write. */
  converted: readonly string[];
  /** The joined paths it writes, and every path those writes make (each object above them included). */
  written: readonly string[];
  made: readonly string[];
}

export class FeatureCaches {
  /** By `eventKey`: an event unchanged since the previous version is not checked again (weak: a closed document's go with it). */
  readonly eventFindings = new WeakMap<object, EventFindings>();
}
