// The facade over parsing and features: document offsets in and out, per-event caching inside.
// server.ts and the command line both call only this; neither knows how features work or which file kinds exist.
import { loadProcessorTable } from '../catalog/processors';
import type { Catalog } from '../catalog/types';
import { eventAt, parseEventDocument } from '../kinds/events/eventDocument';
import { EventView } from '../document/fieldRefs';
import { eventKey, releaseTree } from '../kinds/events/parsedEvent';
import type { FileType, KindDocument } from '../document/fileType';
import type { DocumentFormat, EventSlice, ParsedDocument, Span } from '../document/model';
import { completeWithin } from '../kinds/events/eventCompletion';
import { typedBefore, withinLimit } from '../features/completionLimit';
import { completionDocs } from '../features/fieldDocs';
import { hover } from '../kinds/events/eventHover';
import { inlayHints } from '../kinds/events/eventHints';
import { checkDocument, rules } from '../kinds/events/eventDiagnostics';
import { notAnalysed } from '../features/rules/notAnalysed';
import { megabytes } from '../document/limits';
import { adoptEventDiagnostics, checkCounter, eventDiagnostics } from '../kinds/events/eventFindings';
import { codeActions, fixAllOf } from '../kinds/events/eventFixes';
import type { FeatureEnv } from '../features/env';
import { FeatureCaches } from '../features/featureCaches';
import type { FileKindAdapter } from '../kinds/kind';
import type { CompletionEntry, FwDiagnostic, LimitedCompletion, HoverResult, InlayHintEntry, QuickFix, RuleInfo, TextEdit } from '../features/types';
import { digestDetected } from '../kinds/pipelines/pipelineKind';
import { adapterOf, ConsoleDocument, fileKindAdapters, parseConsole, partAt } from '../kinds/registry';
import { parseGuarded } from '../document/syntaxes/guardedParse';
import { isPipelineUnits, parsePipelineUnits, PipelineUnits } from '../kinds/pipelines/pipelineUnits';
import type { ParsedValue } from '../document/syntaxes/json/jsonValue';
import { fileTypeOf } from './detect';
import { defaultSettings, FieldwiseSettings } from './settings';
import { dottedKeysAllowed } from '../features/fileSettings';
import { WorkspaceIndex } from './workspaceIndex';

/** A parsed file of any kind: an event document (split into events), one unit of another kind, or console text. */
export type SourceDocument = ParsedDocument | KindDocument | ConsoleDocument;

/** An event document: split into events, each parsed, checked and cached on its own. Every other kind is one unit. */
export function isEventDocument(doc: SourceDocument): doc is ParsedDocument {
  return !('kind' in doc);
}

/** Files whose last pipeline units detection keeps. */
const LAST_UNITS = 8;

/** One unit of a kind, with the adapter that answers for it. */
interface Unit {
  adapter: FileKindAdapter;
  doc: KindDocument;
}

export class LanguageService {
  /** A unit's diagnostics, kept for its parse (code actions ask for what the editor was shown). */
  private readonly unitChecks = new WeakMap<KindDocument, { catalog: Catalog; settings: FieldwiseSettings; file: string; components: number; diagnostics: FwDiagnostic[] }>();

  /** The whole parse of the last pipeline found by its content, for the `parse` of the same text that follows detection. */
  private detected: { text: string; parsed: ParsedValue } | undefined;

  /** Per file, the units of the last JSON pipeline detection read (`wholeParse`), for the next version's detection to keep. */
  private readonly lastUnits = new Map<string, PipelineUnits>();

  /** The features' state for this instance's documents (FeatureEnv carries it to them). */
  private readonly caches = new FeatureCaches();

  /** The workspace folder's other files (fields written, component templates), fed by lsp/ (`indexFile`). */
  readonly workspace = new WorkspaceIndex();

  constructor(private catalog: Catalog, private settings: FieldwiseSettings = defaultSettings) {}

  /** What a file is (`fileTypeOf`, service/detect.ts); a pipeline found by its content is then parsed once, not twice. */
  fileTypeOf(file: string, text: string, settings: FieldwiseSettings, languageId?: string): FileType | undefined {
    let kept: { text: string; parsed: ParsedValue } | undefined;
    const type = fileTypeOf(file, text, settings, this.catalog, languageId, (t, format) => (kept = { text: t, parsed: this.wholeParse(file, t, format) }).parsed);
    this.detected = type?.kind === 'ingestPipeline' && !type.console ? kept : undefined;
    return type;
  }

  /**
   * Detection's whole parse: JSON is read as a pipeline's units when it is one (keeping the units of this file's last
   * version that are unchanged: detection runs on every version), else parsed whole as a pipeline is.
   */
  private wholeParse(file: string, text: string, format: 'json' | 'yaml'): ParsedValue {
    if (format === 'json') {
      // New units are digested for their first check while this parse has their trees (not parsed again then).
      const env = this.env('json', file);
      const parsed = parsePipelineUnits(text, loadProcessorTable(), this.lastUnits.get(file), (fresh) => digestDetected(text, fresh, env));
      if (isPipelineUnits(parsed)) {
        this.lastUnits.delete(file);
        this.lastUnits.set(file, parsed);
        // The oldest file's go first (a Map iterates in insertion order): a few open pipelines at a time is the case.
        if (this.lastUnits.size > LAST_UNITS) this.lastUnits.delete(this.lastUnits.keys().next().value!);
      }
      if (parsed.root !== undefined) return parsed;
    }
    return parseGuarded(text, format === 'yaml', 'a pipeline');
  }

  configure(catalog: Catalog, settings: FieldwiseSettings): void {
    this.catalog = catalog;
    this.settings = settings;
  }

  get currentCatalog(): Catalog {
    return this.catalog;
  }

  /** Parses a document (a bare format: an event document); an event document reuses the unchanged events of `previous`. */
  parse(text: string, format: DocumentFormat, previous?: ParsedDocument): ParsedDocument;
  parse(text: string, type: FileType, previous?: SourceDocument): SourceDocument;
  parse(text: string, type: FileType | DocumentFormat, previous?: SourceDocument): SourceDocument {
    const events = previous && isEventDocument(previous) ? previous : undefined;
    if (typeof type === 'string') return parseEventDocument(text, type, events);
    if (type.console) return parseConsole(text, type);
    const detected = this.detected;
    this.detected = undefined;
    const adapter = adapterOf(type.kind);
    const whole = detected?.text === text && type.kind === 'ingestPipeline' ? detected.parsed : undefined;
    const before = previous && !isEventDocument(previous) && previous.kind === type.kind ? previous : undefined;
    return adapter ? adapter.parse(text, type, undefined, whole, before) : parseEventDocument(text, type.format, events);
  }

  env(format: DocumentFormat, file: string): FeatureEnv {
    return { catalog: this.catalog, format, settings: this.settings, file, dottedKeys: dottedKeysAllowed(this.settings, file), caches: this.caches, workspace: this.workspace };
  }

  /**
   * Indexes a workspace file's text (`file` relative to the folder, as the globs see it) for the workspace's field
   * index; false when the index's ceiling leaves no room for it.
   */
  indexFile(file: string, text: string): boolean {
    return this.workspace.set(file, text, fileTypeOf(file, text, this.settings, this.catalog));
  }

  /** A workspace file gone (deleted, or no longer matched by the globs). */
  forgetFile(file: string): boolean {
    return this.workspace.delete(file);
  }

  /** The units of a document that is not split into events: itself, or each part of a console text. */
  private units(doc: KindDocument | ConsoleDocument): Unit[] {
    if (doc.kind === 'console') return doc.parts.map((p) => ({ adapter: p.adapter, doc: p.doc }));
    const adapter = adapterOf(doc.kind);
    if (!adapter) throw new Error(`No adapter for the file kind '${doc.kind}' (service/fileKinds.ts)`);
    return [{ adapter, doc }];
  }

  /** The unit that answers at `offset`: the console part whose body holds it, or the document itself. */
  private unitAt(doc: KindDocument | ConsoleDocument, offset: number): Unit | undefined {
    if (doc.kind !== 'console') return this.units(doc)[0];
    const part = partAt(doc, offset);
    return part && { adapter: part.adapter, doc: part.doc };
  }

  /** All diagnostics of a document, document offsets; `isCancelled` is polled between events. */
  diagnostics(doc: SourceDocument, file: string, isCancelled?: () => boolean): FwDiagnostic[] {
    if (isEventDocument(doc)) return checkDocument(doc, this.env(doc.format, file), isCancelled);
    const units = this.units(doc);
    return units.length === 1 ? this.unitDiagnostics(units[0], file) : units.flatMap((u) => this.unitDiagnostics(u, file));
  }

  private unitDiagnostics({ adapter, doc }: Unit, file: string): FwDiagnostic[] {
    const known = this.unitChecks.get(doc);
    const components = this.workspace.componentsVersion;
    if (known && known.catalog === this.catalog && known.settings === this.settings && known.file === file && known.components === components) return known.diagnostics;
    const diagnostics = adapter.diagnostics(doc, this.env(doc.type.format, file));
    this.unitChecks.set(doc, { catalog: this.catalog, settings: this.settings, file, components, diagnostics });
    return diagnostics;
  }

  /**
   * Checks these events of an event document (their findings go to the per-event cache that a later `diagnostics`
   * of the whole document is served from), then lets their trees go: the heap keeps only their text.
   */
  checkEvents(doc: ParsedDocument, events: EventSlice[], file: string): void {
    // Each event's own findings only: the document's assembly (settings, per-file rules, offsets, order) is done once, by `diagnostics`.
    this.eventFindings(doc, events, file);
  }

  /** Each event's own findings (local offsets, default severities: before settings apply), trees released after: what `adoptFindings` takes. */
  eventFindings(doc: ParsedDocument, events: EventSlice[], file: string): FwDiagnostic[][] {
    const env = this.env(doc.format, file);
    return events.map((event) => {
      const found = eventDiagnostics(event, env);
      releaseTree(event);
      return found;
    });
  }

  /** `eventFindings` computed elsewhere (a worker thread, same catalog and settings), taken as these events' own. */
  adoptFindings(doc: ParsedDocument, events: EventSlice[], file: string, findings: FwDiagnostic[][]): void {
    const env = this.env(doc.format, file);
    events.forEach((event, k) => adoptEventDiagnostics(event, env, findings[k]));
  }

  /** How many events the diagnostics feature really checked (not served from its cache) since the process started. */
  get checkCount(): number {
    return checkCounter.events;
  }

  /** Stays the same object while an event is reused across versions: per-event state kept outside keys on it. */
  eventKey(event: EventSlice): object {
    return eventKey(event);
  }

  /** Every code the service may report on any file kind: the event rules (whose name rules also judge what other kinds write), then each kind's own. */
  rules(): readonly RuleInfo[] {
    return [...rules, ...fileKindAdapters.flatMap((a) => a.rules)];
  }

  /** Every entry offered at `offset`. */
  complete(doc: SourceDocument, file: string, offset: number): CompletionEntry[] {
    return this.completeWithin(doc, file, offset, Infinity).entries;
  }

  /** At most `max` of the entries offered at `offset`, the best for what was typed (`features/completionLimit.ts`). */
  completeWithin(doc: SourceDocument, file: string, offset: number, max: number): LimitedCompletion {
    if (!isEventDocument(doc)) {
      const unit = this.unitAt(doc, offset);
      const entries = unit ? unit.adapter.complete(unit.doc, offset, this.env(unit.doc.type.format, file)) : [];
      return withinLimit(entries, typedBefore(doc.text, offset), max);
    }
    const event = eventAt(doc, offset);
    const limited = completeWithin(new EventView(event), offset - event.start, this.env(doc.format, file), max);
    const entries = limited.entries;
    // Moved to document offsets in place: entries are built per call, and a copy of each of a top-level list's
    // hundreds of entries was a fifth of its time. Entries of one list share their span: it is moved once.
    const moved = new Map<Span, Span>();
    for (const e of entries) {
      let span = moved.get(e.replace);
      if (!span) moved.set(e.replace, (span = shift(e.replace, event.start)));
      e.replace = span;
      if (e.additionalEdits) e.additionalEdits = e.additionalEdits.map((edit) => shiftEdit(edit, event.start));
    }
    return limited;
  }

  /** The documentation of a completion entry, again, from its `docPath` (for clients that resolve it when shown). */
  completionDocumentation(docPath: string): string {
    const env = this.env('json', '');
    for (const adapter of fileKindAdapters) {
      const docs = adapter.completionDocumentation?.(docPath, env);
      if (docs !== undefined) return docs;
    }
    return completionDocs(this.catalog, docPath);
  }

  hover(doc: SourceDocument, file: string, offset: number): HoverResult | undefined {
    if (!isEventDocument(doc)) {
      const unit = this.unitAt(doc, offset);
      return unit?.adapter.hover(unit.doc, offset, this.env(unit.doc.type.format, file));
    }
    const event = eventAt(doc, offset);
    const result = hover(new EventView(event), offset - event.start, this.env(doc.format, file));
    return result && { ...result, ...shift(result, event.start) };
  }

  inlayHints(doc: SourceDocument, file: string, range: Span): InlayHintEntry[] {
    if (!this.settings.inlayHints.enabled) return [];
    if (!isEventDocument(doc)) return this.units(doc).flatMap((u) => u.adapter.inlayHints(u.doc, range, this.env(u.doc.type.format, file)));
    const env = this.env(doc.format, file);
    const out: InlayHintEntry[] = [];
    for (const event of eventsIn(doc, range)) {
      const local = { start: range.start - event.start, end: range.end - event.start };
      for (const hint of inlayHints(new EventView(event), local, env)) out.push({ ...hint, offset: hint.offset + event.start });
    }
    return out;
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
   * Quick fixes for the diagnostics in `range` (document offsets), plus fix-all actions; with `deferFixAll` an event
   * document's fix-alls come without edits (`deferred`), and `fixAll` makes them when the client resolves one.
   */
  codeActions(doc: SourceDocument, file: string, range: Span, diagnostics: FwDiagnostic[], deferFixAll = false): QuickFix[] {
    if (!isEventDocument(doc)) {
      return this.units(doc).flatMap((u) => u.adapter.codeActions(u.doc, this.unitDiagnostics(u, file), range, this.env(u.doc.type.format, file)));
    }
    return codeActions(doc, this.env(doc.format, file), range, diagnostics, deferFixAll);
  }

  /** The edits of a deferred fix-all of `code` (document offsets). */
  fixAll(doc: SourceDocument, file: string, code: string): TextEdit[] {
    return isEventDocument(doc) ? fixAllOf(doc, this.env(doc.format, file), code) : [];
  }
}

function eventsIn(doc: ParsedDocument, range: Span): EventSlice[] {
  return doc.events.filter((e) => e.start <= range.end && e.start + e.text.length >= range.start);
}

function shift<T extends Span>(span: T, by: number): Span {
  return { start: span.start + by, end: span.end + by };
}

function shiftEdit(edit: TextEdit, by: number): TextEdit {
  return { start: edit.start + by, end: edit.end + by, newText: edit.newText };
}
