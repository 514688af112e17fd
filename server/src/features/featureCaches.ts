// What a LanguageService keeps for its features between requests, one per instance (one per workspace folder),
// carried to the features on their FeatureEnv: state that grows with the documents users open belongs to the
// instance that serves them, not to the module.
import type { Catalog } from '../catalog/types';
import type { DocumentFormat } from '../document/model';
import type { FwDiagnostic, QuickFix } from './types';

/** An event's findings before settings apply, and what they were computed with. */
export interface EventFindings {
  catalog: Catalog;
  format: DocumentFormat;
  dottedKeys: boolean;
  diagnostics: FwDiagnostic[];
}

/** The workspace-mappings action of one `properties` object, and the workspace state it was made from. */
export interface WorkspaceAction {
  catalog: Catalog;
  written: ReadonlySet<string>;
  components: number;
  actions: QuickFix[];
}

export class FeatureCaches {
  /** By `eventKey`: an event unchanged since the previous version is not checked again (weak: a closed document's go with it). */
  readonly eventFindings = new WeakMap<object, EventFindings>();
  /**
   * By `properties` object of a parse: editors ask for code actions at every caret move, and the action reads the
   * whole workspace index; made again when the parse, the index or the catalog changes.
   */
  readonly workspaceActions = new WeakMap<object, WorkspaceAction>();
}
