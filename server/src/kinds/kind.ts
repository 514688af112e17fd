// The contract of a file kind: one object that recognises the kind's files, parses them and answers every feature on
// them. The registry (registry.ts) lists the kinds; the service (service/languageService.ts) dispatches to them and
// knows none by name. Everything about one kind lives in its folder beside this file (docs/architecture.md).
import type { ConsoleRequest } from '../document/console';
import type { FileType, KindDocument } from '../document/fileType';
import type { DocumentFormat, Span } from '../document/model';
import type { ParsedValue } from '../document/syntaxes/json/jsonValue';
import type { FeatureEnv } from '../features/env';
import type {
  FieldDeclaration, FileLink, FoldingSpan, FormattingOptions, FwDiagnostic, HoverResult, InlayHintEntry, LimitedCompletion, NamedPart, OutlineSymbol, QuickFix,
  RenameAnswer, RuleInfo, TextEdit, WorkspaceRef,
} from '../features/types';

export type { KindDocument };
export type { FieldDeclaration, FileLink, NamedPart, RefUse, RenameAnswer, WorkspaceRef } from '../features/types';

/** What recognition reads of a text: the format its name says, and one whole parse shared by every kind asked. */
export interface ContentProbe {
  /** The path the globs see (relative to the workspace folder). */
  readonly file: string;
  readonly text: string;
  readonly format: DocumentFormat;
  /** The text parsed whole by its syntax (document/syntaxes/registry.ts), made on the first call only. */
  whole(): ParsedValue;
  /** The file is checked next (it is open, or the command line reads it): recognition may prepare that check. */
  readonly checkNext: boolean;
}

/** A component template a file defines: its name when the file gives one (a console request), and the paths it maps explicitly. */
export interface ComponentTemplate {
  name: string | undefined;
  fields: string[];
}

/** What a check found, and how much of the document it really checked (the rest was served from the kind's caches). */
export interface CheckResult {
  diagnostics: FwDiagnostic[];
  /** The parts (an event document's events; the file, for a kind checked whole) checked in this run. */
  checked: number;
  total: number;
  /** What a part is called in the trace (`events`). */
  parts: string;
}

/**
 * A check in slices: it yields between parts (the caller may let other work run, or stop there) and returns what it
 * found. A kind checked whole returns at once (`wholeCheck`).
 */
export type Check = Generator<void, CheckResult, void>;

/** What `codeActions` gets: the diagnostics the service's check gives, and the client's copies of those in the request. */
export interface ActionContext {
  shown: readonly FwDiagnostic[];
  sent: readonly FwDiagnostic[];
  /** Fix-alls may come without their edits (`deferred`), made by `fixAll` when the client resolves one. */
  deferFixAll: boolean;
}

/** What a parse may start from. */
export interface ParseContext<D> {
  /** The file's previous version: a kind read in parts keeps the unchanged ones. */
  previous?: D;
  /** Console text: the requests whose bodies are this kind's, each parsed in place (`console.ts` `isolate`). */
  requests?: readonly ConsoleRequest[];
  /** The same text already parsed whole by recognition (`ContentProbe.whole`): taken instead of parsing again. */
  whole?: ParsedValue;
}

export interface FileKind<D extends KindDocument = KindDocument> {
  /** The registry's name of the kind (`FileType.kind`). */
  readonly name: string;
  /** What one file of the kind is called in messages and summaries (`pipeline file`). */
  readonly noun: string;
  /** The kind's name on the command line (`--kind`) and in settings documentation. */
  readonly cliName: string;
  /** The formats its files come in. */
  readonly formats: readonly DocumentFormat[];
  /**
   * The `fieldwise.files.<setting>` glob setting that makes a file a candidate, and its defaults (package.json
   * contributes the same, a test holds them equal). Kinds may share a setting: the first to give defaults sets them.
   */
  readonly files: { readonly setting: string; readonly defaults?: readonly string[] };
  /** Every code the kind may report, its shared rules included. */
  readonly rules: readonly RuleInfo[];
  /**
   * Of the files its globs name, whether this one is the kind's (kinds sharing a setting tell theirs apart);
   * undefined: every one.
   */
  claims?(probe: ContentProbe): boolean;
  /**
   * Whether a file no glob names is the kind's, by its content: false, true, or the document already parsed on the
   * way (parsed as `type` would be: the parse that follows takes it instead of parsing again).
   */
  recognise(probe: ContentProbe, env: FeatureEnv): boolean | D;
  /**
   * Whether an edit from `before` to `text` leaves the answer of recognition as it was (an event document whose first
   * event is unchanged), so that the editor need not ask again; undefined: always ask.
   */
  keepsRecognition?(before: D, text: string): boolean;
  /** Parses a file; never throws. */
  parse(text: string, type: FileType, context: ParseContext<D>): D;
  /** The parts of a document parsed anew against the previous version (an event document's events), for the trace. */
  reparsed?(doc: D, previous: D | undefined): number;
  /** Every finding, document offsets, the settings applied. */
  diagnostics(doc: D, env: FeatureEnv): Check;
  complete(doc: D, offset: number, env: FeatureEnv, max: number): LimitedCompletion;
  /** The documentation of a completion entry of this kind, from its `docPath`; undefined when the path is not its own. */
  completionDocumentation?(docPath: string, env: FeatureEnv): string | undefined;
  hover(doc: D, offset: number, env: FeatureEnv): HoverResult | undefined;
  inlayHints(doc: D, range: Span, env: FeatureEnv): InlayHintEntry[];
  /** Quick fixes and fix-alls for the diagnostics that touch `range`. */
  codeActions(doc: D, range: Span, context: ActionContext, env: FeatureEnv): QuickFix[];
  /** The edits of a deferred fix-all of `code`. */
  fixAll?(doc: D, code: string, env: FeatureEnv): TextEdit[];
  /** The document's outline; undefined: the kind gives none. */
  symbols?(doc: D): OutlineSymbol[];
  /** The spans the editor may fold; undefined: the kind gives none (the editor's own folding stands). */
  folding?(doc: D): FoldingSpan[];
  /** The edits that format the document, or the lines `range` touches; undefined: the kind does not format. */
  format?(doc: D, options: FormattingOptions, range?: Span): TextEdit[];
  /** Runs the kind's first request once per catalog while the editor is idle (its cold code compiled before the user asks). */
  warmUp?(env: FeatureEnv): void;
  /** Whether a console request's body is this kind's (`PUT _ingest/pipeline/x`); undefined: no console form. */
  takesRequest?(request: ConsoleRequest): boolean;
  /** The field paths the file writes (a pipeline's targets, an event's keys; not what it removes), for the workspace index. */
  writtenFields?(doc: D): Iterable<string>;
  /** The component templates the file defines and the paths each maps explicitly. */
  componentTemplates?(doc: D): ComponentTemplate[];
  /** Whether the kind's findings and actions read the workspace's other files (the folder is then read once it opens). */
  readonly readsWorkspace?: boolean;
  /**
   * Every field reference of the document with what the file does with it (docs/workspace.md): what find references,
   * go to definition, rename, the code lens and the fields nothing maps read. undefined: the kind takes no part.
   */
  references?(doc: D): Iterable<WorkspaceRef>;
  /**
   * The edits renaming the field `from` (and every field below it) to `to` in this document, each spelling rewritten
   * in its own syntax (a nested key nests, a dotted one stays dotted, a name inside a pattern or script in place, a
   * declaration re-nested where its parents change); `refused` with the reason when one place cannot be rewritten.
   */
  rename?(doc: D, from: readonly string[], to: readonly string[]): RenameAnswer;
  /** The edits adding declarations of `fields` to the document in its own layout; undefined: it cannot take them. */
  declare?(doc: D, fields: readonly FieldDeclaration[]): TextEdit[] | undefined;
  /** The named parts of the document for the workspace symbol search (a pipeline's processor tags). */
  tags?(doc: D): NamedPart[];
  /** The places that name another file (a `pipeline` processor's `name`). */
  links?(doc: D): FileLink[];
  /** What a file of the kind answers to, by its path (relative to the folder) and content (an ingest pipeline's file name). */
  answersTo?(file: string, doc: D): Array<Pick<FileLink, 'namespace' | 'name'>>;
}

/** The check of a kind checked whole: one part, found at once. */
export function* wholeCheck(diagnostics: () => FwDiagnostic[]): Check {
  return { diagnostics: diagnostics(), checked: 1, total: 1, parts: 'files' };
}
