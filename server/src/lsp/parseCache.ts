// One parse per document version; the next version is parsed against the previous one, so unchanged events
// (same text) are reused as they are and only the edited ones are parsed again.
import type { DocumentFormat, EventSlice, ParsedDocument } from '../document/model';
import type { LanguageService } from '../service/languageService';
import { changedCharacters, MAX_NESTING, scanNesting, TooDeep } from './nestingGuard';

export interface ParsedVersion {
  uri: string;
  version: number;
  format: DocumentFormat;
  text: string;
  /** Undefined when the document nests too deep to be parsed safely. */
  parsed?: ParsedDocument;
  tooDeep?: TooDeep;
  /** An upper bound of the text's nesting depth (exact after a full scan). */
  depthBound: number;
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
  // The nesting scan costs a pass over the text: after a small edit of a shallow document, the bound proves it needless.
  let depthBound = previous?.parsed ? previous.depthBound + changedCharacters(previous.text, text) : Infinity;
  if (depthBound > MAX_NESTING) {
    const nesting = scanNesting(text, format);
    if (nesting.tooDeep) {
      return { uri, version, format, text, tooDeep: nesting.tooDeep, depthBound: nesting.depth, reparsed: 0, parseMs: performance.now() - started };
    }
    depthBound = nesting.depth;
  }
  const parsed = service.parse(text, format, previous?.parsed);
  const before = new Set(previous?.parsed?.events.map(eventIdentity));
  let reparsed = 0;
  for (const event of parsed.events) if (!before.has(eventIdentity(event))) reparsed++;
  return { uri, version, format, text, parsed, depthBound, reparsed, parseMs: performance.now() - started };
}
