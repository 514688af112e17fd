// What features produce: plain data with LOCAL offsets into one event's text; the facade rebases them.
import type { Level } from '../catalog/types';
import type { RefRole } from '../document/fieldRefs';
import type { TextEdit } from '../document/model';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** What a rule says of itself (SARIF rule metadata, docs/diagnostics.md): all of a rule that lsp/ and the CLI see. */
export interface RuleInfo {
  /** Stable code, shown to users and used in settings (`unknown-field`). */
  readonly code: string;
  readonly defaultSeverity: Severity;
  /** A few words naming the rule (SARIF `name`, the docs' headings). */
  readonly title: string;
  /** The spec sentence the rule enforces, quoted in docs/diagnostics.md and SARIF rule metadata. */
  readonly spec: string;
  /** Where that sentence is in the spec ("Document 1, Event document rules, rule 1"). */
  readonly specSource: string;
}

export type { TextEdit };

export interface FwDiagnostic {
  /** Stable code, documented in the README (`unknown-field`). */
  code: string;
  severity: Severity;
  message: string;
  start: number;
  end: number;
  /** Whatever the rule's quick fixes need (suggested names, the right value, ...), JSON-serialisable. */
  data?: unknown;
  /** Diagnostics marked unnecessary/deprecated render struck through or faded. */
  tags?: Array<'deprecated' | 'unnecessary'>;
}

export interface QuickFix {
  title: string;
  /** The diagnostic code it repairs. */
  code: string;
  kind: 'quickfix' | 'source.fixAll';
  edits: TextEdit[];
  isPreferred?: boolean;
  /** The diagnostic it fixes, when it fixes one. */
  diagnostic?: FwDiagnostic;
  /** A fix-all whose edits are made only when the client resolves it (`fixAllEdits` of `code`): `edits` is empty until then. */
  deferred?: boolean;
  /** Edits of other files of the workspace (the unmapped-field fix writes the data stream's field file). */
  elsewhere?: FileEdits[];
}

/** Edits of one file other than the document at hand: offsets in `text`, the file's content they were made against. */
export interface FileEdits {
  /** The file, relative to the workspace folder (or absolute outside one). */
  file: string;
  text: string;
  edits: TextEdit[];
  /** The file does not exist yet: it is created with the edits' text. */
  create?: boolean;
}

export interface CompletionEntry {
  label: string;
  kind: 'field' | 'object' | 'value';
  /** The level badge, for fields and objects. */
  level?: Level;
  /** Short type and level line, e.g. `keyword · core`. */
  detail: string;
  /**
   * The field or object path the item documents: `completionDocs(catalog, docPath)` is its markdown, built when a
   * client shows it (a list at the top level of an event names hundreds of paths).
   */
  docPath: string;
  /** What replaces `replace`; a snippet when `snippet` is true. */
  insertText: string;
  snippet?: boolean;
  replace: { start: number; end: number };
  /** Extra edits elsewhere (creating parent objects); rarely needed. */
  additionalEdits?: TextEdit[];
  filterText?: string;
  sortText: string;
  deprecated?: boolean;
}

/** A completion answer within the editor's limit on items (`completionLimit.ts`). */
export interface LimitedCompletion {
  entries: CompletionEntry[];
  /** Some entries were left out: the client asks again on the next keystroke. */
  incomplete: boolean;
}

export interface HoverResult {
  markdown: string;
  start: number;
  end: number;
}

export interface InlayHintEntry {
  /** Offset after which the hint is shown. */
  offset: number;
  label: string;
  tooltip?: string;
}

/** What a diagnostic code stands for, for reports (SARIF rule metadata) and docs: any rule of any file kind. */

/** What an outline entry is, in the editor's symbol kinds that fit the files Fieldwise reads. */
export type SymbolKindName = 'namespace' | 'module' | 'object' | 'field' | 'function' | 'property' | 'array' | 'key' | 'event' | 'struct' | 'operator';

/** One entry of a document's outline (document offsets): the whole construct, its name, and what it holds. */
export interface OutlineSymbol {
  name: string;
  detail?: string;
  kind: SymbolKindName;
  start: number;
  end: number;
  /** What the editor selects for the entry: its name. */
  selection: { start: number; end: number };
  children: OutlineSymbol[];
}

/** A span the editor may fold (document offsets); `comment` for a run of comment lines. */
export interface FoldingSpan {
  start: number;
  end: number;
  kind?: 'comment';
}

/** How a file is to be indented when formatted: the editor's options. */
export interface FormattingOptions {
  tabSize: number;
  insertSpaces: boolean;
}

// ---------------------------------------------------------------- the workspace (kinds/kind.ts, docs/workspace.md)

/**
 * What a file does with a field at one place (docs/workspace.md): writes it (a pipeline's target, a processor of a
 * shipper), reads it (a pipeline's source, an alias's path; also removing it), maps it (an index template or mapping
 * declares it), defines it (a field definition file's item), or carries it (an event holds it).
 */
export type RefUse = 'write' | 'read' | 'map' | 'define' | 'carry';

/**
 * One field reference of a document as the workspace sees it: plain data, document offsets. Every kind gives every
 * reference it finds (the same ones its name rules judge), however it is spelt; the workspace index keeps these.
 */
export interface WorkspaceRef {
  /** The field's whole path, dotted as the engine resolves it (`source.ip`, however it was written). */
  readonly path: string;
  /** Where the place writes its own part of the name (document offsets): from its first own segment to its last. */
  readonly start: number;
  readonly end: number;
  /**
   * How many leading segments of `path` an enclosing place names (a nested key under `source`, a definition in a
   * group): 0 when this place names the whole path. A rename edits only the place's own segments.
   */
  readonly first: number;
  readonly use: RefUse;
  readonly role: RefRole;
  /** The name holds an object (an event's object key, a group, a processor's object target): a namespace, never a value. */
  readonly object?: boolean;
  /** The place removes the field (a `remove` processor, `ctx.a.remove('b')`): its use is `read`. */
  readonly removes?: boolean;
}

/** What a rename of a field in one document answers: the edits, each spelling rewritten in its own syntax, or why it cannot. */
export type RenameAnswer = { readonly edits: TextEdit[] } | { readonly refused: string };

/** A field to add to a file that declares fields (a field definition file, a mapping), in the file's own layout. */
export interface FieldDeclaration {
  /** The whole dotted path. */
  readonly path: string;
  readonly type: string;
  /** The schema's level, for a schema field. */
  readonly level?: string;
  readonly description: string;
  /** The schema defines it: a file that imports schema fields by name (`external: ecs`) gets that form. */
  readonly schema: boolean;
}

/** A name a file gives one of its parts, for the workspace's symbol search (a processor's `tag`). */
export interface NamedPart {
  readonly name: string;
  /** What the part is (`set processor`). */
  readonly detail: string;
  readonly start: number;
  readonly end: number;
}

/** A place that names another file (a `pipeline` processor's `name`): go to definition opens the file that answers to it. */
export interface FileLink {
  readonly start: number;
  readonly end: number;
  /** What the name is of (`ingest pipeline`): a file answers to a link when its kind's `answersTo` gives the same. */
  readonly namespace: string;
  readonly name: string;
}


/** A line and character (0-based, UTF-16 code units): how places in other files than the one at hand are answered. */
export interface Place {
  line: number;
  character: number;
}

export interface PlaceRange {
  start: Place;
  end: Place;
}

/** A place in a file of the workspace, or in the schema's read-only page of a field (`schemaPage`: the field's path). */
export interface FileRange {
  file: string;
  range: PlaceRange;
  schemaPage?: string;
}

/** A symbol of the workspace search: a field some file declares, writes or carries, or a named part (a processor tag). */
export interface WorkspaceSymbolEntry {
  name: string;
  kind: SymbolKindName;
  detail: string;
  at: FileRange;
}

/** A code lens above a declared field: its text, and where the references it opens are asked from. */
export interface FieldLens {
  start: number;
  end: number;
  title: string;
  path: string;
}

/** A rename's edits, file by file (the document at hand included), each as places of that file. */
export interface WorkspaceRename {
  files: Array<{ file: string; edits: Array<{ range: PlaceRange; newText: string }> }>;
}
