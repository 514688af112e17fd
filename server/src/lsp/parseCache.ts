// One parse per document version; the next version is parsed against the previous one, so unchanged events
// (same text) are reused as they are and only the edited ones are parsed again.
import type { FileType } from '../document/fileType';
import type { LanguageService, SourceDocument } from '../service/languageService';

export interface ParsedVersion {
  uri: string;
  version: number;
  type: FileType;
  text: string;
  /** The parse; an event nested too deep carries one syntax error instead of a tree (document layer). */
  parsed: SourceDocument;
  /** Parts new in this version (an event document's events; the rest were reused from the previous one); 1 for a kind parsed whole. */
  reparsed: number;
  parseMs: number;
}

export class ParseCache {
  private readonly entries = new Map<string, ParsedVersion>();

  /** The parse of `text` at `version`, from the cache when this version was parsed before. */
  get(uri: string, version: number, text: () => string, type: FileType, service: LanguageService): ParsedVersion {
    const cached = this.entries.get(uri);
    if (cached && cached.version === version && cached.type === type) return cached;
    const entry = parseVersion(uri, version, text(), type, service, cached?.type === type ? cached : undefined);
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
  uri: string, version: number, text: string, type: FileType, service: LanguageService, previous: ParsedVersion | undefined,
): ParsedVersion {
  const started = performance.now();
  const parsed = service.parse(text, type, previous?.parsed);
  const reparsed = service.reparsed(parsed, previous?.parsed);
  return { uri, version, type, text, parsed, reparsed, parseMs: performance.now() - started };
}
