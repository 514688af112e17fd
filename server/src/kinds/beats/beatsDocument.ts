// A Beats or Elastic Agent configuration as the kind reads it: its template tags masked (templateMask.ts), then parsed
// whole, or, when large, as a skeleton and one unit per processor (beatsUnits.ts). A piece's reading (beatsReading.ts)
// is in its own offsets. A unit keeps only its text and, once checked, its digest (beatsDiagnostics.ts): its tree is
// read again when a feature asks about it, so a large file's thousands of trees do not all live at once. A version
// keeps the units of the last one whose text it still holds.
import type { BeatsProcessorTable } from '../../catalog/beatsProcessors';
import type { FileType, KindDocument } from '../../document/fileType';
import type { Span, SyntaxProblem } from '../../document/model';
import { flatCopy } from '../../document/compact';
import { parseGuarded } from '../../document/syntaxes/guardedParse';
import type { NamedPart } from '../../features/types';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';
import type { BeatsDigest, PiecePlaces } from './beatsDigest';
import type { BeatsReading } from './beatsReading';
import { OffsetMap, placeSkeleton, respan, Skeleton, skeletonOf, splitUnits, unchangedAround, Unchanged, UnitSpan } from './beatsUnits';
import { readPiece } from './configWalk';
import { maskTemplates } from './templateMask';

export const BEATS_KIND = 'beats';

/** Texts from this size on are read as a skeleton and units: below it, a whole parse is as quick as the split. */
export const SPLIT_ABOVE = 64_000;

/** One processor's text, shared by every place and version that holds the same text (units with template tags excepted). */
export class Unit {
  /** What the check worked out from the unit (beatsDiagnostics.ts), and for which catalog; unset until then. */
  digest: BeatsDigest | undefined = undefined;
  /** Its places as the workspace sees them (beatsRefs.ts), worked out with its first digest; unset until then. */
  places: PiecePlaces | undefined = undefined;
  /** Its processors' identifiers (beatsOutline.ts), worked out with its first digest; unset until then. */
  identifiers: NamedPart[] | undefined = undefined;

  constructor(
    /**
     * The unit's own text: a slice of the text of the version that read it, moved to the next version's when a version
     * is read without an edit's help, else left where it is (a unit edited in is read with a copy of its text): a unit
     * keeps at most one older version's whole text alive.
     */
    public text: string,
    /** Its template tags, in its own offsets. */
    readonly tags: readonly Span[],
    private readonly table: BeatsProcessorTable,
  ) {}

  /** Its reading, parsed again unless one of the last few asked for is this one; `keep`: one of those from now on. */
  reading(keep = true): BeatsReading {
    const known = recent.get(this);
    if (known) {
      recent.delete(this);
      recent.set(this, known);
      return known;
    }
    const parsed = parseGuarded(this.text, true);
    // A reading not kept is a check's: the places only features read are left out.
    const reading = readPiece(this.text, this.tags, this.table, parsed.root, parsed.errors, true, keep);
    if (!keep) return reading;
    recent.set(this, reading);
    if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
    return reading;
  }

  /** Whether it reads as one item of a list (else the lines misled the split). */
  isItem(): boolean {
    const root = this.reading().root;
    return root?.kind === 'array' && root.items.length === 1;
  }
}

/** Units whose readings are kept: the few a user works on at a time (hover, completion, fixes around the caret). */
const RECENT = 64;
const recent = new Map<Unit, BeatsReading>();

/** A unit where it stands in a version. */
export interface PlacedUnit extends UnitSpan {
  unit: Unit;
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
  /** The skeleton's syntax problems (the units' come with their digests: beatsDiagnostics.ts); document offsets. */
  readonly errors: SyntaxProblem[];
  /** The whole configuration's reading, or the skeleton's (the text with every unit blanked): document offsets. */
  readonly skeleton: BeatsReading;
  /** The units, in order; none when the text was read whole. */
  readonly units: readonly PlacedUnit[];
  /** The units by their text, for the next version (units with template tags are not kept); made when first asked for. */
  readonly byText: ReadonlyMap<string, Unit>;
  /** A split document's skeleton as the versions with the same skeleton share it, and where its runs stand in this one. */
  readonly shared?: { skeleton: SharedSkeleton; at: OffsetMap };
  /** A split document's identity for its check, which its next version's check reads (beatsDiagnostics.ts). */
  readonly checked?: object;
  /** The `checked` of the version this one was read against, when an edit made this one from it. */
  readonly edited?: object;
}

/**
 * A skeleton's text and what every version whose skeleton is that text (its runs at the same places) shares: its
 * syntax problems, the lists it holds empty and, once checked, its digest, all in the skeleton's own offsets. An edit
 * inside the processors leaves the skeleton as it was: the next version reads its skeleton only when a feature asks.
 */
export class SharedSkeleton {
  /** Its digest for a catalog (beatsDiagnostics.ts), skeleton offsets; unset until checked. */
  digest: BeatsDigest | undefined = undefined;

  constructor(
    readonly text: string,
    /** Where each run of kept text starts in the skeleton. */
    readonly runsAt: readonly number[],
    readonly errors: readonly SyntaxProblem[],
    /** The offsets of the `processors` keys it holds with nothing under them. */
    readonly emptyLists: ReadonlySet<number>,
  ) {}

  /** Whether a version's skeleton is this one: the same text, its runs at the same places. */
  fits(skeleton: Skeleton): boolean {
    const runs = skeleton.runs;
    if (skeleton.text !== this.text || runs.length !== this.runsAt.length) return false;
    for (let i = 0; i < runs.length; i++) if (runs[i].at !== this.runsAt[i]) return false;
    return true;
  }
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
  /** Read without the units of the documents read last, and not kept among them (tests compare with it). */
  fresh?: boolean;
}

/** Parses a configuration; never throws. */
export function parseBeatsDocument(text: string, type: FileType, table: BeatsProcessorTable, options: BeatsParseOptions = {}): BeatsDocument {
  const { text: masked, tags } = maskTemplates(text);
  const previous = options.previous;
  const large = masked.length >= (options.splitAbove ?? SPLIT_ABOVE);
  // What the edit from the previous version (read in units, no template in either) left as it was.
  const same = large && previous && previous.units.length > 0 && tags.length === 0 && previous.tags.length === 0 ? unchangedAround(previous.masked, masked) : undefined;
  const spans = large ? (same && respan(previous!.masked, previous!.units, masked, same)) || splitUnits(masked) : undefined;
  if (spans) {
    const split = splitDocument(text, type, table, masked, tags, spans, previous, same, options.fresh !== true);
    if (split) return split;
  }
  const parsed = options.whole && masked === text ? options.whole : parseGuarded(masked, true);
  const skeleton = readPiece(masked, tags, table, parsed.root, parsed.errors, false);
  return { kind: BEATS_KIND, type, text, masked, tags, errors: parsed.errors, skeleton, units: [], byText: new Map() };
}

/** The document read as a skeleton and units; undefined when the pieces do not fit together as the whole would. */
function splitDocument(
  text: string, type: FileType, table: BeatsProcessorTable, masked: string, tags: readonly Span[], spans: readonly UnitSpan[], previous: BeatsDocument | undefined,
  same: Unchanged | undefined,
  /** Whether units of the documents read last are taken, and this one kept among them. */
  shared: boolean,
): BeatsDocument | undefined {
  const units: PlacedUnit[] = [];
  const fresh: Unit[] = [];
  let byText: Map<string, Unit> | undefined;
  let tag = 0;
  // The previous version's units in order, for the units an edit left as they were (`same`).
  const before = previous?.units ?? [];
  let kept = 0;
  for (const span of spans) {
    while (tag < tags.length && tags[tag].end <= span.start) tag++;
    const tagged = tag < tags.length && tags[tag].start < span.end;
    let unit: Unit | undefined;
    if (same) {
      // After an edit, a unit in the text it left as it was is the previous version's unit at the same place (moved
      // by the edit), its text where it was: no unit's text is sliced or looked up, and the few the edit changed are
      // read anew, each with a copy of its text (a slice would keep this version's whole text alive).
      const by = span.end <= same.head ? 0 : span.start >= same.tail ? same.delta : undefined;
      if (by !== undefined) {
        while (kept < before.length && before[kept].start < span.start - by) kept++;
        const placed = before[kept];
        if (placed && placed.start === span.start - by && placed.end === span.end - by && placed.unit.tags.length === 0) {
          units.push(by === 0 && placed.anchor === span.anchor ? placed : { start: span.start, end: span.end, anchor: span.anchor, unit: placed.unit });
          continue;
        }
      }
      unit = new Unit(flatCopy(masked.slice(span.start, span.end)), tagged ? localTags(tags, span) : [], table);
      fresh.push(unit);
      units.push({ start: span.start, end: span.end, anchor: span.anchor, unit });
      continue;
    }
    const unitText = masked.slice(span.start, span.end);
    if (!tagged) unit = (byText ??= new Map<string, Unit>()).get(unitText) ?? previous?.byText.get(unitText) ?? (shared ? keptUnit(unitText) : undefined);
    // Kept from the last version: its text now points into this one's.
    if (unit) unit.text = unitText;
    else {
      unit = new Unit(unitText, tagged ? localTags(tags, span) : [], table);
      fresh.push(unit);
    }
    if (!tagged) byText?.set(unit.text, unit);
    units.push({ start: span.start, end: span.end, anchor: span.anchor, unit });
  }
  // A unit is one item of a sequence: anything else means the lines misled the split. New units are looked at (the
  // first few: a split that goes wrong goes wrong at its first unit, and a version's new units are few).
  for (let i = 0; i < fresh.length && i < CHECKED_FRESH; i++) if (!fresh[i].isItem()) return undefined;
  const skeletonText = skeletonOf(masked, spans);
  const at = new OffsetMap(skeletonText.runs);
  let skeleton: BeatsReading | undefined;
  let share = tags.length === 0 && previous?.shared?.skeleton.fits(skeletonText) ? previous.shared.skeleton : undefined;
  const readSkeleton = (): BeatsReading => {
    const parsed = placeSkeleton(parseGuarded(skeletonText.text, true), skeletonText, masked);
    return readPiece(masked, tags, table, parsed.root, parsed.errors, false);
  };
  if (!share) {
    skeleton = readSkeleton();
    const emptyLists = new Set(skeleton.emptyLists.map((p) => at.back(p.keySpan.start)));
    share = new SharedSkeleton(skeletonText.text, skeletonText.runs.map((r) => r.at), skeleton.errors.map((e) => at.backSpan(e)), emptyLists);
  }
  // Every list the units came from is a `processors` key the skeleton holds with nothing under it.
  const empty = share.emptyLists;
  if (spans.some((s) => !empty.has(at.back(s.anchor)))) return undefined;
  const errors = skeleton ? skeleton.errors : share.errors.map((e) => at.placeSpan(e));
  let byTextMade: Map<string, Unit> | undefined = same ? undefined : byText;
  const doc: BeatsDocument = {
    kind: BEATS_KIND, type, text, masked, tags, errors, units, shared: { skeleton: share, at }, checked: {}, edited: same ? previous!.checked : undefined,
    get skeleton(): BeatsReading {
      return (skeleton ??= readSkeleton());
    },
    get byText(): ReadonlyMap<string, Unit> {
      return (byTextMade ??= freshByText(units));
    },
  };
  if (!shared) return doc;
  // A new version takes its previous one's place: no older version of a text stays behind.
  const replaced = previous ? lastSplit.indexOf(previous) : -1;
  if (replaced >= 0) lastSplit.splice(replaced, 1);
  lastSplit.unshift(doc);
  if (lastSplit.length > LAST_SPLIT) lastSplit.pop();
  return doc;
}

/** The units by their text (units with template tags left out). */
function freshByText(units: readonly PlacedUnit[]): Map<string, Unit> {
  const byText = new Map<string, Unit>();
  for (const { unit } of units) if (unit.tags.length === 0 && !byText.has(unit.text)) byText.set(unit.text, unit);
  return byText;
}

/** A unit's template tags, in its own offsets. */
function localTags(tags: readonly Span[], span: UnitSpan): Span[] {
  return tags.filter((t) => t.start < span.end && t.end > span.start).map((t) => ({ start: t.start - span.start, end: t.end - span.start }));
}

/**
 * The last documents read in units, newest first, each the last version of its text: a text read again without its
 * previous version (the workspace index reading an open file) takes their units, digests and all.
 */
const LAST_SPLIT = 4;
const lastSplit: BeatsDocument[] = [];

function keptUnit(text: string): Unit | undefined {
  for (const doc of lastSplit) {
    const unit = doc.byText.get(text);
    if (unit) return unit;
  }
  return undefined;
}

/** New units looked at for the split's sake (each is parsed for it, and again by the check). */
const CHECKED_FRESH = 4;

/** The piece that holds an offset: the unit around it, else the skeleton. */
export function pieceAt(doc: BeatsDocument, offset: number): Piece {
  const units = doc.units;
  let lo = 0;
  let hi = units.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (units[mid].end <= offset) lo = mid + 1;
    else if (units[mid].start > offset) hi = mid - 1;
    else return { reading: units[mid].unit.reading(), at: units[mid].start };
  }
  return { reading: doc.skeleton, at: 0 };
}

/** The units a span touches, in order. */
export function unitsIn(doc: BeatsDocument, span: Span): PlacedUnit[] {
  const units = doc.units;
  let lo = 0;
  let hi = units.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (units[mid].end < span.start) lo = mid + 1;
    else hi = mid;
  }
  const out: PlacedUnit[] = [];
  for (let i = lo; i < units.length && units[i].start <= span.end; i++) out.push(units[i]);
  return out;
}

/** The pieces a span touches: the skeleton (it holds the lists and settings around the units), then each unit's reading. */
export function piecesIn(doc: BeatsDocument, span: Span): Piece[] {
  return [{ reading: doc.skeleton, at: 0 }, ...unitsIn(doc, span).map((u) => ({ reading: u.unit.reading(), at: u.start }))];
}
