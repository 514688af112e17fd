// What a LanguageService keeps for its features between requests, one per instance (one per workspace folder),
// carried to the features on their FeatureEnv: state that grows with the documents users open belongs to the
// instance that serves them, not to the module.
import type { Catalog } from '../catalog/types';
import type { DocumentFormat } from '../document/model';
import type { FwDiagnostic } from './types';

/** An event's findings before settings apply, and what they were computed with. */
export interface EventFindings {
  catalog: Catalog;
  format: DocumentFormat;
  dottedKeys: boolean;
  diagnostics: FwDiagnostic[];
}

export class FeatureCaches {
  /** By `eventKey`: an event unchanged since the previous version is not checked again (weak: a closed document's go with it). */
  readonly eventFindings = new WeakMap<object, EventFindings>();
}
