// The facade over parsing and features: document offsets in and out. It asks the registry of kinds
// (kinds/registry.ts) which kind a file is and hands every request to that kind; console text is a container whose
// parts each go to their own kind. server.ts and the command line call only this; neither knows how features work
// or which kinds exist, and neither does this file.
import type { Catalog } from '../catalog/types';
import { fileType, FileType, KindDocument, KindName } from '../document/fileType';
import type { DocumentFormat, Span } from '../document/model';
import type { ParsedValue } from '../document/syntaxes/json/jsonValue';
import { typedBefore, withinLimit } from '../features/completionLimit';
import type { FeatureEnv } from '../features/env';
import { FeatureCaches } from '../features/featureCaches';
import type { FolderFiles } from '../features/folderFiles';
import { completionDocs } from '../features/fieldDocs';
import { dottedKeysAllowed } from '../features/fileSettings';
import { notAnalysed } from '../features/rules';
import { emptyFile, fileNotRecognised } from '../features/rules/fileFindings';
import type {
  CompletionEntry, FoldingSpan, FormattingOptions, FwDiagnostic, HoverResult, InlayHintEntry, LimitedCompletion, OutlineSymbol, QuickFix, RuleInfo, TextEdit,
} from '../features/types';
import { megabytes } from '../document/limits';
import type { Check, CheckResult, FileKind } from '../kinds/kind';
import { kindNamed, kinds } from '../kinds/registry';
import { formatFromName, formatOf } from '../document/syntaxes/registry';
import { ConsoleDocument, isConsole, parseConsole, partAt } from './consoleDocument';
import { detect, Detection } from './detect';
import { defaultSettings, FieldwiseSettings } from './settings';
import { WorkspaceIndex } from './workspaceIndex';
import { PackageLayout } from './packageLayout';
import type { FileLink, WorkspaceRef } from '../kinds/kind';
import type { FieldLens, FileEdits, FileRange, WorkspaceRename, WorkspaceSymbolEntry } from '../features/types';
import { definitionAt, fieldLenses, referencesAt, WorkspaceView, workspaceSymbols } from './fieldReferences';
import { PrepareAnswer, prepareRename, renameField } from './fieldRename';
import { PackageDeclarations, unmappedField, unmappedFindings, unmappedFixes, unwrittenField } from './unmappedFields';
import { fieldEntryMarkdown } from '../catalog/fieldsMarkdown';
import { matchesAny } from '../features/fileSettings';

/** A parsed file: a document of one kind, or console text holding documents of several. */
export type SourceDocument = KindDocument | ConsoleDocument;

/** A document of one kind with the kind that answers for it. */
interface Part {
  kind: FileKind;
  doc: KindDocument;
}

/** How a long check shares the thread: it pauses after `yieldEvery` ms of work and stops once `isCancelled` says so. */
export interface CheckOptions {
  yieldEvery: number;
  isCancelled: () => boolean;
}

export interface DiagnosticsResult extends CheckResult {
  ms: number;
}

export class LanguageService {
  /** A document's check, kept for its parse (code actions ask for what the editor was shown). */
  private readonly checks = new WeakMap<KindDocument, { catalog: Catalog; settings: FieldwiseSettings; file: string; components: number; result: CheckResult }>();

  /** What the last recognition parsed on the way, for the `parse` of the same text that follows. */
  private detected: (Detection & { text: string }) | undefined;

  /** The features' state for this instance's documents (FeatureEnv carries it to them). */
  private readonly caches = new FeatureCaches();

  /** Catalogs whose kinds ran their warm-up. */
  private readonly warmed = new WeakSet<Catalog>();

  /** The workspace folder's other files (fields written, component templates), fed by lsp/ (`indexFile`). */
  readonly workspace = new WorkspaceIndex();

  /** The integration packages of the workspace folder (docs/workspace.md), fed with the workspace's files. */
  readonly packages = new PackageLayout();

  private readonly declarations = new PackageDeclarations(this.workspace, this.packages);

  /** Each parse's references as the workspace sees them (every part of console text). */
  private readonly refMemo = new WeakMap<object, WorkspaceRef[]>();

  /** `folder`: how the host reads a file's neighbours (kinds that read them, such as Logstash's, get it in FeatureEnv). */
  constructor(private catalog: Catalog, private settings: FieldwiseSettings = defaultSettings, private readonly folder?: FolderFiles) {}

  /** What a file is (service/detect.ts); what recognition parsed on the way is kept for the `parse` that follows. */
  fileTypeOf(file: string, text: string, settings: FieldwiseSettings, languageId?: string): FileType | undefined {
    const found = detect(file, text, settings, (format) => this.env(format, file), { languageId, checkNext: true });
    this.detected = found && { ...found, text };
    return found?.type;
  }

  configure(catalog: Catalog, settings: FieldwiseSettings): void {
    this.catalog = catalog;
    this.settings = settings;
  }

  get currentCatalog(): Catalog {
    return this.catalog;
  }

  /** The kinds' and the container's names and nouns, for summaries (`fieldwise check`). */
  get kinds(): ReadonlyArray<Pick<FileKind, 'name' | 'noun' | 'cliName' | 'formats'>> {
    return kinds;
  }

  /** The type of a file read as the kind named `kind` in `format` (the command line's `--kind`). */
  typeOf(kind: KindName, format: DocumentFormat): FileType {
    return fileType(kindNamed(kind).name, format);
  }

  /** Parses a document; `previous`, the file's last version, lets a kind keep what an edit left unchanged. */
  parse(text: string, type: FileType, previous?: SourceDocument): SourceDocument {
    if (type.console) return parseConsole(text, type);
    const detected = this.detected;
    this.detected = undefined;
    let whole: ParsedValue | undefined;
    if (detected?.text === text && detected.type === type) {
      if (detected.doc) return detected.doc;
      whole = detected.whole;
    }
    const before = previous && previous.kind === type.kind ? previous : undefined;
    return kindNamed(type.kind).parse(text, type, { previous: before, whole });
  }

  env(format: DocumentFormat, file: string): FeatureEnv {
    return {
      catalog: this.catalog, format, settings: this.settings, file, dottedKeys: dottedKeysAllowed(this.settings, file), caches: this.caches,
      workspace: this.workspace, folder: this.folder,
    };
  }

  /** The parts of a document parsed anew against its previous version, for the trace (an event document's events). */
  reparsed(doc: SourceDocument, previous: SourceDocument | undefined): number {
    if (isConsole(doc)) return doc.parts.length;
    const kind = kindNamed(doc.kind);
    return kind.reparsed?.(doc, previous?.kind === doc.kind ? previous : undefined) ?? 1;
  }

  /** Whether the editor may keep its answer of `fileTypeOf` for `text`, the next version of `doc`. */
  keepsFileType(doc: SourceDocument, text: string): boolean {
    return !isConsole(doc) && kindNamed(doc.kind).keepsRecognition?.(doc, text) === true;
  }

  /** Whether the findings and actions on a file of this type read the workspace's other files. */
  readsWorkspace(type: FileType): boolean {
    return type.console || kindNamed(type.kind).readsWorkspace === true;
  }

  /**
   * Indexes a workspace file's text (`file` relative to the folder, as the globs see it) for the workspace's field
   * index; false when the index's ceiling leaves no room for it.
   */
  indexFile(file: string, text: string): boolean {
    if (PackageLayout.reads(file)) this.packages.set(file, text);
    const found = detect(file, text, this.settings, (format) => this.env(format, file), { checkNext: false });
    return this.workspace.set(file, text, found?.type, found?.doc);
  }

  /** `indexFile` of a file already parsed for its check (`parse`): what it gives is read from that parse, not a new one. */
  indexParsed(file: string, doc: SourceDocument): boolean {
    if (PackageLayout.reads(file)) this.packages.set(file, doc.text);
    return this.workspace.set(file, doc.text, doc.type, isConsole(doc) ? undefined : doc);
  }

  /** A workspace file gone (deleted, or no longer matched by the globs). */
  forgetFile(file: string): boolean {
    if (PackageLayout.reads(file)) this.packages.delete(file);
    return this.workspace.delete(file);
  }

  /** The documents of a parse with their kinds: itself, or each part of a console text. */
  private parts(doc: SourceDocument): Part[] {
    if (isConsole(doc)) return doc.parts.map((p) => ({ kind: p.kind, doc: p.doc }));
    return [{ kind: kindNamed(doc.kind), doc }];
  }

  /** The part that answers at `offset`: the console part whose body holds it, or the document itself. */
  private partAt(doc: SourceDocument, offset: number): Part | undefined {
    if (!isConsole(doc)) return { kind: kindNamed(doc.kind), doc };
    const part = partAt(doc, offset);
    return part && { kind: part.kind, doc: part.doc };
  }

  /** Every finding of a document, document offsets, the settings applied. */
  diagnostics(doc: SourceDocument, file: string): FwDiagnostic[] {
    const run = this.checkAll(doc, file);
    for (let step = run.next(); ; step = run.next()) if (step.done) return step.value.diagnostics;
  }

  /**
   * The same findings, checked in slices that leave the thread to other work every `yieldEvery` ms (a request, an edit);
   * undefined when `isCancelled` turned true on the way.
   */
  async check(doc: SourceDocument, file: string, options: CheckOptions): Promise<DiagnosticsResult | undefined> {
    const started = performance.now();
    let slice = started;
    const run = this.checkAll(doc, file);
    for (let step = run.next(); ; step = run.next()) {
      if (step.done) return { ...step.value, ms: performance.now() - started };
      if (performance.now() - slice > options.yieldEvery) {
        await new Promise((resolve) => setImmediate(resolve));
        if (options.isCancelled()) return undefined;
        slice = performance.now();
      }
    }
  }

  private *checkAll(doc: SourceDocument, file: string): Check {
    const parts = this.parts(doc);
    const out: CheckResult = parts.length === 1 ? yield* this.checkPart(parts[0], file) : { diagnostics: [], checked: 0, total: 0, parts: 'parts' };
    if (parts.length !== 1) {
      for (const part of parts) {
        const result = yield* this.checkPart(part, file);
        out.diagnostics.push(...result.diagnostics);
        out.checked += result.checked;
        out.total += result.total;
      }
    }
    const across = this.packageFindings(doc, file);
    return across.length === 0 ? out : { ...out, diagnostics: [...out.diagnostics, ...across].sort((a, b) => a.start - b.start || a.end - b.end) };
  }

  /** What a document's place in a package says across files (docs/workspace.md): the fields nothing maps, the declared ones nothing writes. */
  private packageFindings(doc: SourceDocument, file: string): FwDiagnostic[] {
    if (!this.workspace.complete || this.packages.packages === 0 || !this.packages.placeOf(file)) return [];
    return unmappedFindings({
      file, refs: this.refsOf(doc), settings: this.settings, catalog: this.catalog, index: this.workspace, packages: this.packages, declarations: this.declarations,
    });
  }

  private *checkPart({ kind, doc }: Part, file: string): Check {
    if (isBlank(doc.text)) return { diagnostics: [this.emptyFinding(doc.text)], checked: 1, total: 1, parts: 'files' };
    const known = this.checks.get(doc);
    const components = this.workspace.componentsVersion;
    if (known && known.catalog === this.catalog && known.settings === this.settings && known.file === file && known.components === components) {
      return { ...known.result, checked: 0 };
    }
    const result = yield* kind.diagnostics(doc, this.env(doc.type.format, file));
    this.checks.set(doc, { catalog: this.catalog, settings: this.settings, file, components, result });
    return result;
  }

  /** Every code the service may report on any kind (allRules). */
  rules(): readonly RuleInfo[] {
    return allRules();
  }

  /** Every entry offered at `offset`. */
  complete(doc: SourceDocument, file: string, offset: number): CompletionEntry[] {
    return this.completeWithin(doc, file, offset, Infinity).entries;
  }

  /** At most `max` of the entries offered at `offset`, the best for what was typed (`features/completionLimit.ts`). */
  completeWithin(doc: SourceDocument, file: string, offset: number, max: number): LimitedCompletion {
    const part = this.partAt(doc, offset);
    if (!part) return withinLimit([], typedBefore(doc.text, offset), max);
    return part.kind.complete(part.doc, offset, this.env(part.doc.type.format, file), max);
  }

  /** The documentation of a completion entry, again, from its `docPath` (for clients that resolve it when shown). */
  completionDocumentation(docPath: string): string {
    const env = this.env('json', '');
    for (const kind of kinds) {
      const docs = kind.completionDocumentation?.(docPath, env);
      if (docs !== undefined) return docs;
    }
    return completionDocs(this.catalog, docPath);
  }

  hover(doc: SourceDocument, file: string, offset: number): HoverResult | undefined {
    const part = this.partAt(doc, offset);
    return part?.kind.hover(part.doc, offset, this.env(part.doc.type.format, file));
  }

  inlayHints(doc: SourceDocument, file: string, range: Span): InlayHintEntry[] {
    if (!this.settings.inlayHints.enabled) return [];
    return this.parts(doc).flatMap((p) => p.kind.inlayHints(p.doc, range, this.env(p.doc.type.format, file)));
  }

  /** The document's outline: each part's, in document order. */
  symbols(doc: SourceDocument): OutlineSymbol[] {
    return this.parts(doc).flatMap((p) => p.kind.symbols?.(p.doc) ?? []);
  }

  /** The spans the editor may fold; undefined when no kind of the document folds (the editor's own folding stands). */
  folding(doc: SourceDocument): FoldingSpan[] | undefined {
    const parts = this.parts(doc).filter((p) => p.kind.folding !== undefined);
    return parts.length === 0 ? undefined : parts.flatMap((p) => p.kind.folding!(p.doc));
  }

  /** The edits that format the document (or the lines `range` touches); undefined when its kind does not format. */
  format(doc: SourceDocument, options: FormattingOptions, range?: Span): TextEdit[] | undefined {
    const parts = this.parts(doc).filter((p) => p.kind.format !== undefined);
    return parts.length === 0 ? undefined : parts.flatMap((p) => p.kind.format!(p.doc, options, range));
  }

  /**
   * The editor language a document of `type` is written in, when the one it was opened with (`languageId`) says no
   * such thing: a `.conf` file an editor opened as Properties whose content is Logstash's. Undefined when it fits.
   */
  languageFor(type: FileType, languageId: string): string | undefined {
    if (type.console) return undefined;
    const ids = formatOf(type.format).languageIds;
    return ids.includes(languageId) ? undefined : ids[0];
  }

  /** The editor language ids of the formats some kind formats: what formatting is offered for. */
  formattedLanguages(): string[] {
    const formats = new Set(kinds.filter((k) => k.format !== undefined).flatMap((k) => k.formats));
    return [...formats].flatMap((f) => formatOf(f).languageIds);
  }

  /** Runs each kind's warm-up once per catalog (its cold code compiled while the editor is idle). */
  warmUp(format: DocumentFormat, file: string): void {
    if (this.warmed.has(this.catalog)) return;
    this.warmed.add(this.catalog);
    const env = this.env(format, file);
    for (const kind of kinds) if (kind.formats.includes(format)) kind.warmUp?.(env);
  }

  /** The one finding of a file with no content (white space and a byte order mark aside), at its start. */
  emptyFinding(text: string): FwDiagnostic {
    const what = text.length === 0 ? 'empty' : 'blank: it holds only white space';
    return { code: emptyFile.code, severity: emptyFile.defaultSeverity, message: `This file is ${what}; there is nothing to check.`, start: 0, end: 0 };
  }

  /**
   * The one finding of a file given to the command line that no kind recognises, naming the kinds there are and why:
   * its path matched no kind's globs, and its content none of them.
   */
  notRecognisedFinding(reason?: string): FwDiagnostic {
    const nouns = kinds.map((k) => `${k.noun}s`).join(', ');
    const names = kinds.map((k) => k.cliName).join(', ');
    const why = reason ?? 'its path matches no fieldwise.files.* glob and its content is none of them';
    return {
      code: fileNotRecognised.code,
      severity: fileNotRecognised.defaultSeverity,
      message: `Not recognised as a file Fieldwise reads (${nouns}): ${why}. Name its kind with --kind (${names}) to check it as one.`,
      start: 0,
      end: 0,
    };
  }

  /** The one finding of a file past fieldwise.maxFileSize: the editor's limit (the command line reads every file). */
  oversizeFinding(length: number): FwDiagnostic {
    return {
      code: notAnalysed.code,
      severity: notAnalysed.defaultSeverity,
      message: `This file is ${megabytes(length)}, more than fieldwise.maxFileSize (${this.settings.maxFileSize} MB): Fieldwise does not analyse it ` +
        '(no checks, completion or hover). Raise fieldwise.maxFileSize in the settings to have it analysed.',
      start: 0,
      end: 0,
    };
  }

  /**
   * Quick fixes for the diagnostics in `range` (document offsets), plus fix-all actions; with `deferFixAll` a kind's
   * fix-alls may come without edits (`deferred`), and `fixAll` makes them when the client resolves one.
   */
  codeActions(doc: SourceDocument, file: string, range: Span, sent: FwDiagnostic[], deferFixAll = false, read?: (file: string) => string | undefined): QuickFix[] {
    const fixes = this.parts(doc).flatMap((p) => {
      const env = this.env(p.doc.type.format, file);
      const shown = this.diagnostics(p.doc, file);
      return p.kind.codeActions(p.doc, range, { shown, sent, deferFixAll }, env);
    });
    const across = this.packageFindings(doc, file);
    if (across.length > 0 && read) {
      fixes.push(...unmappedFixes(across, range, this.packages.placeOf(file), this.catalog, {
        read,
        fieldFiles: (folder) => this.workspace.indexed().filter((f) => f.startsWith(`${folder}/`) && !f.slice(folder.length + 1).includes('/') && this.declaresInto(f)),
        declareIn: (target, text, fields) => this.declareIn(target, text, fields),
      }));
    }
    return fixes;
  }

  // ---------------------------------------------------------------- one field, every file (docs/workspace.md)

  /** A document's references as the workspace sees them, every part's (made once per parse). */
  refsOf(doc: SourceDocument): WorkspaceRef[] {
    let refs = this.refMemo.get(doc);
    if (!refs) {
      refs = this.parts(doc).flatMap((p) => [...(p.kind.references?.(p.doc) ?? [])]);
      this.refMemo.set(doc, refs);
    }
    return refs;
  }

  private linksOf(doc: SourceDocument): FileLink[] {
    return this.parts(doc).flatMap((p) => p.kind.links?.(p.doc) ?? []);
  }

  private view(doc: SourceDocument, file: string, read?: (file: string) => string | undefined): WorkspaceView {
    return { index: this.workspace, packages: this.packages, catalog: this.catalog, file, text: doc.text, refs: this.refsOf(doc), links: this.linksOf(doc), read };
  }

  /** Every place of the workspace that names the field at `offset`; undefined when no field is named there. */
  references(doc: SourceDocument, file: string, offset: number, includeDeclarations: boolean): FileRange[] | undefined {
    return referencesAt(this.view(doc, file), offset, includeDeclarations);
  }

  /** Where the field (or the file a link names) at `offset` is declared, nearest first. */
  definition(doc: SourceDocument, file: string, offset: number, read: (file: string) => string | undefined): FileRange[] | undefined {
    return definitionAt(this.view(doc, file, read), offset);
  }

  /** Whether the field at `offset` may be renamed (a schema field may not: the answer says why). */
  prepareRename(doc: SourceDocument, offset: number): PrepareAnswer {
    return prepareRename(this.refsOf(doc), doc.text, offset, this.catalog);
  }

  /** The workspace's edits renaming the field at `offset`; throws `RenameRefused` with the reason when it cannot be done. */
  rename(doc: SourceDocument, file: string, offset: number, newName: string, read: (file: string) => string | undefined): WorkspaceRename {
    return renameField(this.refsOf(doc), file, doc.text, offset, newName, this.catalog, this.workspace, read, (f, text, from, to) => {
      const source = f === file ? doc : this.parseFile(f, text);
      if (!source) return undefined;
      const edits: TextEdit[] = [];
      for (const p of this.parts(source)) {
        if (!p.kind.rename) continue;
        const answer = p.kind.rename(p.doc, from, to);
        if ('refused' in answer) return answer;
        edits.push(...answer.edits);
      }
      return { edits };
    });
  }

  /** The workspace symbol search. */
  workspaceSymbols(query: string, max: number): WorkspaceSymbolEntry[] {
    return workspaceSymbols(this.workspace, query, max);
  }

  /** The code lenses of a document that declares fields (a field definition file, a mapping); none when switched off. */
  codeLenses(doc: SourceDocument, file: string): FieldLens[] {
    if (!this.settings.codeLens.enabled) return [];
    return fieldLenses(this.view(doc, file));
  }

  /** The schema's read-only page of a field (what go to definition opens for a field only the schema defines). */
  schemaPage(path: string): string | undefined {
    return fieldEntryMarkdown(this.catalog, path);
  }

  /** A workspace file read as its kind would be (for a rename or a fix in a file other than the one at hand). */
  private parseFile(file: string, text: string): SourceDocument | undefined {
    const found = detect(file, text, this.settings, (format) => this.env(format, file), { checkNext: false });
    if (!found) return undefined;
    if (found.doc) return found.doc;
    return found.type.console ? parseConsole(text, found.type) : kindNamed(found.type.kind).parse(text, found.type, { whole: found.whole });
  }

  /** Whether a file's kind declares fields (its `declare`): where the unmapped-field fix may write. */
  private declaresInto(file: string): boolean {
    const kind = this.workspace.kindOf(file);
    return kind !== undefined && kindNamed(kind).declare !== undefined;
  }

  /** The edits declaring fields in a file, by its kind; a file that does not exist yet (empty text) by the first kind with `declare` whose globs name it. */
  private declareIn(file: string, text: string, fields: Parameters<NonNullable<FileKind['declare']>>[1]): FileEdits | undefined {
    let source = text === '' ? undefined : this.parseFile(file, text);
    if (!source) {
      const kind = kinds.find((k) => k.declare && matchesAny(this.settings.files[k.files.setting] ?? [], file));
      const format = formatFromName(file);
      if (!kind || !format) return undefined;
      source = kind.parse(text, fileType(kind.name, format), {});
    }
    if (isConsole(source)) return undefined;
    const edits = kindNamed(source.kind).declare?.(source, fields);
    return edits && { file, text, edits };
  }

  /** The edits of a deferred fix-all of `code` (document offsets). */
  fixAll(doc: SourceDocument, file: string, code: string): TextEdit[] {
    return this.parts(doc).flatMap((p) => p.kind.fixAll?.(p.doc, code, this.env(p.doc.type.format, file)) ?? []);
  }
}

/**
 * Every code the service may report on any kind, each once, in the registry's order, then what it says of whole files;
 * the same for every catalog (a report's rule list needs no catalog loaded).
 */
export function allRules(): readonly RuleInfo[] {
  const seen = new Map<string, RuleInfo>();
  for (const kind of kinds) for (const rule of kind.rules) if (!seen.has(rule.code)) seen.set(rule.code, rule);
  for (const rule of [emptyFile, fileNotRecognised, unmappedField, unwrittenField]) if (!seen.has(rule.code)) seen.set(rule.code, rule);
  return [...seen.values()];
}

/** No content: white space and a byte order mark aside. */
export function isBlank(text: string): boolean {
  return /^[\s\ufeff]*$/.test(text);
}
