// A file kind other than event documents, as the service sees it: one object that parses the kind's files and answers
// every feature on them. The service holds a list of these (service/fileKinds.ts) and dispatches on `kind`; adding
// a file kind adds one adapter there (docs/architecture.md, "How to add a file kind").
import type { ConsoleRequest } from '../document/console';
import type { FileKind, FileType, KindDocument } from '../document/fileType';
import type { ParsedValue } from '../document/syntaxes/json/jsonValue';
import type { Span } from '../document/model';
import type { FeatureEnv } from '../features/env';
export type { KindDocument };
import type { CompletionEntry, FwDiagnostic, HoverResult, InlayHintEntry, QuickFix, RuleInfo } from '../features/types';

/** A component template a file defines: its name when the file gives one (a console request), and the paths it maps explicitly. */
export interface ComponentTemplate {
  name: string | undefined;
  fields: string[];
}

export interface FileKindAdapter<D extends KindDocument = KindDocument> {
  readonly kind: FileKind;
  /** Every code this kind may report besides the event rules that judge names (`reads: 'names'`). */
  readonly rules: readonly RuleInfo[];
  /** Whether a console request's body is this kind's (`PUT _ingest/pipeline/x`); undefined: no console form. */
  takesRequest?(request: ConsoleRequest): boolean;
  /**
   * Parses a file; never throws. For console text (`type.console`) `requests` are the requests whose bodies are this
   * kind's: parse each body in place (`console.ts` `isolate`) so offsets stay the file's. `whole`: the text already
   * parsed whole by file detection, to take instead of parsing it again. `previous`: the file's previous version,
   * whose unchanged parts a kind read in units may keep (a pipeline's processors).
   */
  parse(text: string, type: FileType, requests?: readonly ConsoleRequest[], whole?: ParsedValue, previous?: KindDocument): D;
  /** Every finding; `env` is the event features' environment for the file (an adapter adds what its kind needs). */
  diagnostics(doc: D, env: FeatureEnv): FwDiagnostic[];
  complete(doc: D, offset: number, env: FeatureEnv): CompletionEntry[];
  /** The documentation of a completion entry of this kind, from its `docPath`; undefined when the path is not its own. */
  completionDocumentation?(docPath: string, env: FeatureEnv): string | undefined;
  hover(doc: D, offset: number, env: FeatureEnv): HoverResult | undefined;
  inlayHints(doc: D, range: Span, env: FeatureEnv): InlayHintEntry[];
  /** The field paths the file writes (a pipeline's targets; not what it removes), for the workspace's field index. */
  writtenFields?(doc: D): string[];
  /** The component templates the file defines and the paths each maps explicitly; `name` from a console request, undefined in a file (its file name names it). */
  componentTemplates?(doc: D): ComponentTemplate[];
  /** Quick fixes for `shown` (the diagnostics the editor shows, document offsets) that touch `range`. */
  codeActions(doc: D, shown: readonly FwDiagnostic[], range: Span, env: FeatureEnv): QuickFix[];
}
