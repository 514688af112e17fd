// One parse per document version; the next version is parsed against the previous one, so unchanged events
// (same text) are reused as they are and only the edited ones are parsed again.
import type { DocumentFormat, EventSlice, ParsedDocument } from '../document/model';
import type { LanguageService } from '../service/languageService';

export interface ParsedVersion {
  uri: string;
  version: number;
  format: DocumentFormat;
  text: string;
  /** The parse; an event nested too deep carries one syntax error instead of a tree (document layer). */
  parsed: ParsedDocument;
  /** Events parsed anew for this version (the rest were reused from the previous one). */
  reparsed: number;
  parseMs: number;
}

/** Stays the same object for an event reused across versions: the document layer copies the slice, not its tree. */
export function eventIdentity(event: EventSlice): object {
  return event.root ?? event.errors;
}

export class ParseCache {
  private readonly entries = new Map<string, ParsedVersion>();

  /** The parse of `text` at `version`, from the cache when this version was parsed before. */
  get(uri: string, version: number, text: () => string, format: DocumentFormat, service: LanguageService): ParsedVersion {
    const cached = this.entries.get(uri);
    if (cached && cached.version === version && cached.format === format) return cached;
    const entry = parseVersion(uri, version, text(), format, service, cached?.format === format ? cached : undefined);
    this.entries.set(uri, entry);
    return entry;
  }

  peek(uri: string): ParsedVersion | undefined {
    return this.entries.get(uri);
  }

  drop(uri: string): void {
    this.entries.delete(uri);
  }
}

function parseVersion(
  uri: string, version: number, text: string, format: DocumentFormat, service: LanguageService, previous: ParsedVersion | undefined,
): ParsedVersion {
  const started = performance.now();
  const parsed = service.parse(text, format, previous?.parsed);
  const before = new Set(previous?.parsed?.events.map(eventIdentity));
  let reparsed = 0;
  for (const event of parsed.events) if (!before.has(eventIdentity(event))) reparsed++;
  return { uri, version, format, text, parsed, reparsed, parseMs: performance.now() - started };
}
