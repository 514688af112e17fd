// A Beats or Elastic Agent configuration as the kind reads it: its template tags masked (templateMask.ts), then parsed
// whole, or, when large, as a skeleton and one unit per processor (beatsUnits.ts), each piece read for what it names
// (beatsReading.ts) in its own offsets. A version keeps the units of the last one whose text it still holds.
import type { BeatsProcessorTable } from '../../catalog/beatsProcessors';
import type { FileType, KindDocument } from '../../document/fileType';
import type { Span, SyntaxProblem } from '../../document/model';
import { parseGuarded } from '../../document/syntaxes/guardedParse';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';
import type { BeatsReading } from './beatsReading';
import { skeletonText, splitUnits } from './beatsUnits';
import { readPiece } from './configWalk';
import { maskTemplates } from './templateMask';

export const BEATS_KIND = 'beats';

/** Texts from this size on are read as a skeleton and units: below it, a whole parse is as quick as the split. */
export const SPLIT_ABOVE = 64_000;

/** One processor of a large configuration, read alone: its reading's offsets are its own (`start` moves them). */
export interface PlacedUnit {
  start: number;
  end: number;
  /** Offset of its list's `processors` key. */
  anchor: number;
  reading: BeatsReading;
}

/** A piece's reading and where its offsets start in the document. */
export interface Piece {
  reading: BeatsReading;
  at: number;
}

export interface BeatsDocument extends KindDocument {
  readonly kind: typeof BEATS_KIND;
  readonly type: FileType;
  readonly text: string;
  /** The text with its template tags masked: what the pieces were parsed from (the same offsets). */
  readonly masked: string;
  readonly tags: readonly Span[];
  /** Syntax problems of every piece, document offsets. */
  readonly errors: SyntaxProblem[];
  /** The whole configuration's reading, or the skeleton's (the text with every unit blanked): document offsets. */
  readonly skeleton: BeatsReading;
  /** The units, in order; none when the text was read whole. */
  readonly units: readonly PlacedUnit[];
  /** Each unit's reading by its text, for the next version (units with template tags are not kept). */
  readonly byText: ReadonlyMap<string, BeatsReading>;
}

export function isBeats(doc: object): doc is BeatsDocument {
  return 'kind' in doc && doc.kind === BEATS_KIND;
}

export interface BeatsParseOptions {
  previous?: BeatsDocument;
  /** The text already parsed whole (recognition): taken when the text holds no template. */
  whole?: ParsedValue;
  /** From which size the text is split into units (tests lower it). */
  splitAbove?: number;
}

/** Parses a configuration; never throws. */
export function parseBeatsDocument(text: string, type: FileType, table: BeatsProcessorTable, options: BeatsParseOptions = {}): BeatsDocument {
  const { text: masked, tags } = maskTemplates(text);
  const spans = masked.length >= (options.splitAbove ?? SPLIT_ABOVE) ? splitUnits(masked) : undefined;
  if (spans) {
    const split = splitDocument(text, type, table, masked, tags, spans, options.previous);
    if (split) return split;
  }
  const parsed = options.whole && masked === text ? options.whole : parseGuarded(masked, true);
  const skeleton = readPiece(masked, tags, table, parsed.root, parsed.errors, false);
  return { kind: BEATS_KIND, type, text, masked, tags, errors: parsed.errors, skeleton, units: [], byText: new Map() };
}

/** The document read as a skeleton and units; undefined when the pieces do not fit together as the whole would. */
function splitDocument(
  text: string, type: FileType, table: BeatsProcessorTable, masked: string, tags: readonly Span[], spans: ReturnType<typeof splitUnits> & object,
  previous: BeatsDocument | undefined,
): BeatsDocument | undefined {
  const known = previous?.byText;
  const byText = new Map<string, BeatsReading>();
  const units: PlacedUnit[] = [];
  const errors: SyntaxProblem[] = [];
  let tag = 0;
  for (const span of spans) {
    while (tag < tags.length && tags[tag].end <= span.start) tag++;
    const tagged = tag < tags.length && tags[tag].start < span.end;
    const unitText = masked.slice(span.start, span.end);
    let reading = tagged ? undefined : byText.get(unitText) ?? known?.get(unitText);
    if (!reading) {
      const parsed = parseGuarded(unitText, true);
      // A unit is one item of a sequence: anything else means the lines misled the split.
      if (parsed.root?.kind !== 'array' || parsed.root.items.length !== 1) return undefined;
      const local = tagged ? tags.filter((t) => t.start < span.end && t.end > span.start).map((t) => ({ start: t.start - span.start, end: t.end - span.start })) : [];
      reading = readPiece(unitText, local, table, parsed.root, parsed.errors, true);
    }
    if (!tagged) byText.set(unitText, reading);
    for (const e of reading.errors) errors.push({ start: e.start + span.start, end: e.end + span.start, message: e.message });
    units.push({ start: span.start, end: span.end, anchor: span.anchor, reading });
  }
  const parsed = parseGuarded(skeletonText(masked, spans), true);
  const skeleton = readPiece(masked, tags, table, parsed.root, parsed.errors, false);
  // Every list the units came from is a `processors` key the skeleton holds with nothing under it.
  const empty = new Set(skeleton.emptyLists.map((p) => p.keySpan.start));
  if (spans.some((s) => !empty.has(s.anchor))) return undefined;
  return { kind: BEATS_KIND, type, text, masked, tags, errors: [...parsed.errors, ...errors].sort((a, b) => a.start - b.start), skeleton, units, byText };
}

/** The pieces of a document: the skeleton (or the whole), then each unit. */
export function piecesOf(doc: BeatsDocument): Piece[] {
  const out: Piece[] = [{ reading: doc.skeleton, at: 0 }];
  for (const unit of doc.units) out.push({ reading: unit.reading, at: unit.start });
  return out;
}

/** The piece that holds an offset: the unit around it, else the skeleton (a unit's end belongs to it while the next does not start there). */
export function pieceAt(doc: BeatsDocument, offset: number): Piece {
  const units = doc.units;
  let lo = 0;
  let hi = units.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (units[mid].end <= offset) lo = mid + 1;
    else if (units[mid].start > offset) hi = mid - 1;
    else return { reading: units[mid].reading, at: units[mid].start };
  }
  return { reading: doc.skeleton, at: 0 };
}

/** The pieces a span touches (the skeleton always: it holds the lists and settings around the units). */
export function piecesIn(doc: BeatsDocument, span: Span): Piece[] {
  const out: Piece[] = [{ reading: doc.skeleton, at: 0 }];
  for (const unit of doc.units) if (unit.end >= span.start && unit.start <= span.end) out.push({ reading: unit.reading, at: unit.start });
  return out;
}
