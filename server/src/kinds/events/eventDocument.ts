// Turns a whole file into events, each parsed from its own text when first read; unchanged events of the previous
// version are reused as they are, so an edit re-parses (and features re-check) only what it touched.
import { DocumentFormat, EventSlice, MAX_NESTING, NestingTooDeep, Span, SyntaxProblem } from '../../document/model';
import { fileType, KindDocument } from '../../document/fileType';
import { parseJsonValue, ParsedValue } from '../../document/syntaxes/json/jsonValue';
import { JsonPieces, splitJson } from './jsonSplit';
import { itemText, pieceText, splitYaml, YamlPiece } from './yamlSplit';
import { parseYamlValue } from '../../document/syntaxes/yaml/yamlValue';
import { disabledLines } from '../../document/syntaxes/yaml/disableComments';
import { EventParse, ParsedEvent } from './parsedEvent';
import { parseCounter } from '../../document/parseCounter';
import { MAX_EVENT_CHARS } from '../../document/limits';
import { flatCopy } from '../../document/compact';
import { tidy } from '../../document/syntaxes/guardedParse';
import { contentStart } from '../../document/syntaxes/byteOrderMark';

/** An event document: split into events, each parsed when first read, checked and cached on its own. */
export interface EventDocument extends KindDocument {
  readonly kind: 'events';
  readonly format: DocumentFormat;
  readonly events: EventSlice[];
  /** Syntax problems outside every event (document offsets): a missing `]`, junk after the root. */
  readonly errors: SyntaxProblem[];
}

export function parseEventDocument(text: string, format: DocumentFormat, previous?: EventDocument): EventDocument {
  const reuse = previous && previous.format === format ? previous.events : [];
  let pieces: YamlPiece[];
  let errors: SyntaxProblem[] = [];
  if (format === 'json') {
    const split = splitExpectedWrapper(text) ?? splitJson(text);
    pieces = split.pieces;
    errors = split.errors;
  } else if (format === 'ndjson') {
    pieces = ndjsonLines(text);
  } else {
    pieces = splitYaml(text);
  }
  const parse = format === 'yaml' ? parseYamlValue : parseJsonValue;
  const shift = pieces.length - reuse.length;
  const events = pieces.map((piece, index): EventSlice => {
    let sliceText = text.slice(piece.start, piece.end);
    const old = findSame(reuse, index, shift, sliceText);
    if (old) return old instanceof ParsedEvent ? old.movedTo(index, piece.start) : { ...old, index, start: piece.start };
    // A slice is a view that keeps this version's whole text alive: an event new in an edited version owns a copy, or
    // every version typed would stay in memory as long as one event sliced from it does (the first version's events
    // share one text).
    if (reuse.length > 0) sliceText = flatCopy(sliceText);
    // Parsed when first read: a caller that checks events in batches and releases their trees never holds them all.
    const parser = sliceText.length > MAX_EVENT_CHARS ? notParsed : eventParser(parse, piece.item === true);
    const event = ParsedEvent.of(index, piece.start, sliceText, parser);
    if (format === 'yaml') event.disabledLines = disabledLines(sliceText);
    return event;
  });
  return { kind: 'events', type: fileType('events', format), format, text, events, errors };
}

/** An event past MAX_EVENT_CHARS: kept as text, no tree (the not-analysed rule reports it). */
const notParsed = (): EventParse => ({ root: undefined, errors: [] });

/**
 * Built outside parseEventDocument on purpose: a closure made there would share its scope, whose `reuse` holds the
 * previous version's events, so every edited event would keep every earlier version alive (the long-session leak).
 */
function eventParser(parse: (text: string) => ParsedValue, item: boolean): (text: string) => EventParse {
  return (own) => parseEvent(parse, own, item);
}

/** `item`: a YAML sequence item, parsed with its `-` blanked out (yamlSplit.ts). */
function parseEvent(parse: (text: string) => ParsedValue, text: string, item: boolean): EventParse {
  parseCounter.events++;
  const parsed = parseGuarded(parse, item ? itemText(text) : text);
  return { root: parsed.root, errors: tidy(parsed.errors, text.length) };
}

/** Absurd nesting (10,000 brackets) becomes one clear error on an unchecked event, not a crash. */
function parseGuarded(parse: (text: string) => ParsedValue, text: string): ParsedValue {
  try {
    return parse(text);
  } catch (error) {
    if (!(error instanceof NestingTooDeep) && !(error instanceof RangeError)) throw error;
    const at = error instanceof NestingTooDeep ? error.offset : 0;
    const message = `Nested deeper than ${MAX_NESTING} levels: Fieldwise does not check an event nested this deep`;
    return { root: undefined, errors: [{ start: at, end: Math.min(text.length, at + 1), message }] };
  }
}

/** The previous event with the same text: at the same index before the edit, shifted after it. */
function findSame(events: readonly EventSlice[], index: number, shift: number, text: string): EventSlice | undefined {
  const same = events[index];
  if (same && same.text === text) return same;
  const shifted = events[index - shift];
  if (shift !== 0 && shifted && shifted.text === text) return shifted;
  return undefined;
}

/** The first event of a file, parsed, without splitting the rest (to decide whether a file holds events). */
export function firstEvent(text: string, format: DocumentFormat): EventSlice | undefined {
  let piece: YamlPiece | undefined;
  if (format === 'json') piece = (splitExpectedWrapper(text, 1) ?? splitJson(text, 1)).pieces[0];
  else if (format === 'yaml') piece = splitYaml(text, 1)[0];
  else piece = ndjsonLines(text, 1)[0];
  if (!piece) return undefined;
  const parsed = parseGuarded(format === 'yaml' ? parseYamlValue : parseJsonValue, pieceText(text, piece));
  return { index: 0, start: piece.start, text: text.slice(piece.start, piece.end), root: parsed.root, errors: parsed.errors };
}

const expectedWrapper = /^\s*\{\s*"expected"\s*:\s*(?=\[)/;

/** Elastic's pipeline test results, `{"expected": [event, ...]}`: the events are the array's elements. */
function splitExpectedWrapper(text: string, limit = Infinity): JsonPieces | undefined {
  const match = expectedWrapper.exec(text);
  if (!match) return undefined;
  const at = match[0].length;
  const inner = splitJson(text.slice(at), limit);
  const errors = inner.errors.filter((e) => !(e.message === 'End of file expected' && /^\s*\}\s*$/.test(text.slice(at + e.start))));
  const shift = (span: Span): Span => ({ start: span.start + at, end: span.end + at });
  return { isArray: true, pieces: inner.pieces.map(shift), errors: errors.map((e) => ({ ...e, ...shift(e) })) };
}

function ndjsonLines(text: string, limit = Infinity): Span[] {
  const out: Span[] = [];
  let start = contentStart(text);
  while (start < text.length && out.length < limit) {
    const nl = text.indexOf('\n', start);
    let end = nl < 0 ? text.length : nl;
    const next = nl < 0 ? text.length : nl + 1;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    if (text.slice(start, end).trim() !== '') out.push({ start, end });
    start = next;
  }
  return out;
}

/** The event holding a document offset; past the last event (or in an empty file), an empty new one. */
export function eventAt(doc: EventDocument, offset: number): EventSlice {
  let lo = 0;
  let hi = doc.events.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const event = doc.events[mid];
    if (offset < event.start) hi = mid - 1;
    else if (offset > event.start + event.text.length) lo = mid + 1;
    else return event;
  }
  return { index: doc.events.length, start: offset, text: '', root: undefined, errors: [] };
}
