// The facade over parsing and features: document offsets in and out, per-event caching inside.
// server.ts and the command line both call only this; neither knows how features work.
import type { Catalog } from '../catalog/types';
import { eventAt, parseEventDocument } from '../document/eventDocument';
import { EventView } from '../document/fieldRefs';
import type { DocumentFormat, EventSlice, ParsedDocument, Span } from '../document/model';
import { complete } from '../features/completion';
import { completionDocs } from '../features/fieldDocs';
import { hover } from '../features/hover';
import { inlayHints } from '../features/inlayHints';
import { checkDocument } from '../features/diagnostics';
import { codeActions } from '../features/codeActions';
import type { FeatureEnv } from '../features/env';
import type { CompletionEntry, FwDiagnostic, HoverResult, InlayHintEntry, QuickFix, TextEdit } from '../features/types';
import { defaultSettings, FieldwiseSettings } from './settings';
import { dottedKeysAllowed } from './fileSettings';

export class LanguageService {
  constructor(private catalog: Catalog, private settings: FieldwiseSettings = defaultSettings) {}

  configure(catalog: Catalog, settings: FieldwiseSettings): void {
    this.catalog = catalog;
    this.settings = settings;
  }

  get currentCatalog(): Catalog {
    return this.catalog;
  }

  /** Parses a document, reusing the unchanged events of `previous`. */
  parse(text: string, format: DocumentFormat, previous?: ParsedDocument): ParsedDocument {
    return parseEventDocument(text, format, previous);
  }

  env(format: DocumentFormat, file: string): FeatureEnv {
    return { catalog: this.catalog, format, settings: this.settings, file, dottedKeys: dottedKeysAllowed(this.settings, file) };
  }

  /** All diagnostics of a document, document offsets; `isCancelled` is polled between events. */
  diagnostics(doc: ParsedDocument, file: string, isCancelled?: () => boolean): FwDiagnostic[] {
    return checkDocument(doc, this.env(doc.format, file), isCancelled);
  }

  complete(doc: ParsedDocument, file: string, offset: number): CompletionEntry[] {
    const event = eventAt(doc, offset);
    const entries = complete(new EventView(event), offset - event.start, this.env(doc.format, file));
    return entries.map((e) => ({
      ...e,
      replace: shift(e.replace, event.start),
      additionalEdits: e.additionalEdits?.map((edit) => shiftEdit(edit, event.start)),
    }));
  }

  /** The documentation of a completion entry, again, from its `docPath` (for clients that resolve it when shown). */
  completionDocumentation(docPath: string): string {
    return completionDocs(this.catalog, docPath);
  }

  hover(doc: ParsedDocument, file: string, offset: number): HoverResult | undefined {
    const event = eventAt(doc, offset);
    const result = hover(new EventView(event), offset - event.start, this.env(doc.format, file));
    return result && { ...result, ...shift(result, event.start) };
  }

  inlayHints(doc: ParsedDocument, file: string, range: Span): InlayHintEntry[] {
    if (!this.settings.inlayHints.enabled) return [];
    const env = this.env(doc.format, file);
    const out: InlayHintEntry[] = [];
    for (const event of eventsIn(doc, range)) {
      const local = { start: range.start - event.start, end: range.end - event.start };
      for (const hint of inlayHints(new EventView(event), local, env)) out.push({ ...hint, offset: hint.offset + event.start });
    }
    return out;
  }

  /** Quick fixes for the diagnostics in `range` (document offsets), plus fix-all actions. */
  codeActions(doc: ParsedDocument, file: string, range: Span, diagnostics: FwDiagnostic[]): QuickFix[] {
    return codeActions(doc, this.env(doc.format, file), range, diagnostics);
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
