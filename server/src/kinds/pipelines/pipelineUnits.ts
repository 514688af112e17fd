// A JSON pipeline read as units, the way an event document is read as events: each top-level processor is a unit,
// parsed when a feature needs it and let go after, and the next version of the text keeps every unit whose text
// did not change (same characters before the edit, or after it). The rest of the body (description, the
// pipeline-level on_failure, ...) is the skeleton, parsed whole with the processors list left empty. Only
// well-formed JSON is read so (pipelineDocument.ts falls back to one whole parse otherwise): then the skeleton and
// the units are exactly the nodes of a whole parse.
import { ItemList, parseJsonFast, parseJsonFastAt } from '../../document/syntaxes/json/jsonFast';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';
import { ArrayNode, ObjectNode, Property, PropertyNode, Span, ValueNode } from '../../document/model';
import { BoundedMemo } from '../../document/boundedMemo';
import { parseCounter } from '../../document/parseCounter';
import type { ProcessorTable } from '../../catalog/processors';

/** One top-level processor's text, the same object while that text is unchanged across versions (results key on it). */
export interface ProcessorUnit {
  readonly length: number;
  /** What detection reads of it (`looksLikePipeline`): a one-key object's name, and whether its options are its own. */
  readonly summary: ValueNode;
  /**
   * What the features made of this text (their own type, which they check), kept as long as the unit: a slot rather
   * than a WeakMap entry: an open makes thousands, and WeakMap entries add to the work of every young collection.
   */
  derived?: object;
}

/** A unit where it stands in one version of the text. */
export interface PlacedUnit {
  readonly start: number;
  readonly unit: ProcessorUnit;
}

/** A whole parse of a JSON pipeline as units; `root` is what detection reads (the skeleton with each unit's summary). */
export interface PipelineUnits extends ParsedValue {
  readonly text: string;
  /** The body's object with its `processors` list empty (`list`), every other key parsed. */
  readonly skeleton: ObjectNode;
  readonly list: ArrayNode;
  readonly units: readonly PlacedUnit[];
}

/** A unit new in this version, with the tree its parse made (document offsets): `fresh` reads it while it is at hand. */
export interface FreshUnit {
  readonly placed: PlacedUnit;
  readonly tree: ValueNode;
}

/** Characters compared at once when looking for what an edit left unchanged. */
const CHUNK = 4096;

/** New units handed to `fresh` at a time (as the check digests them, pipelineDiagnostics.ts `BATCH`). */
const FRESH_BATCH = 16;

export function isPipelineUnits(parsed: ParsedValue): parsed is PipelineUnits {
  return 'units' in parsed;
}

/**
 * The text as units when it is well-formed JSON whose root object has one `processors` list; otherwise its plain
 * fast parse (`root` undefined when it is not well-formed: the caller parses it tolerantly). Units of `previous`
 * whose text is unchanged are kept, unparsed; the new ones go to `fresh` with their trees, a batch at a time (the
 * language service digests them there instead of parsing them again for their first check).
 */
export function parsePipelineUnits(
  text: string, table: ProcessorTable, previous?: PipelineUnits, fresh?: (batch: readonly FreshUnit[]) => void,
): PipelineUnits | ParsedValue {
  parseCounter.wholeFiles++;
  const known = previous ? unchangedUnits(previous, text) : undefined;
  const units: PlacedUnit[] = [];
  let batch: FreshUnit[] = [];
  const flush = (): void => {
    if (batch.length > 0) fresh?.(batch);
    batch = [];
  };
  const items: ItemList = {
    key: 'processors',
    known: (start) => known?.get(start)?.length,
    item: (start, end, node) => {
      const placed: PlacedUnit = { start, unit: node ? { length: end - start, summary: summaryOf(node, table) } : known!.get(start)! };
      units.push(placed);
      if (!node || !fresh) return;
      // Handed on a batch at a time while the trees are young: kept all until the end, every one would be promoted.
      batch.push({ placed, tree: node });
      if (batch.length >= FRESH_BATCH) flush();
    },
  };
  const root = parseJsonFast(text, items);
  flush();
  if (root?.kind !== 'object') return { root, errors: [] };
  const property = root.properties.find((p) => p.key === 'processors');
  const list = property?.value?.kind === 'array' ? property.value : undefined;
  if (!property || !list) return { root, errors: [] };
  const summaries: ArrayNode = { kind: 'array', start: list.start, end: list.end, items: units.map((u) => u.unit.summary) };
  const detected: ObjectNode = { kind: 'object', start: root.start, end: root.end, properties: root.properties.map((p) => (p === property ? withValue(p, summaries) : p)) };
  return { root: detected, errors: [], text, skeleton: root, list, units };
}

/** The units of `previous` that stand unchanged in `text`, by their start there. */
function unchangedUnits(previous: PipelineUnits, text: string): Map<number, ProcessorUnit> {
  const before = previous.text;
  const shortest = Math.min(before.length, text.length);
  // A chunk at a time first (a string comparison of two slices), then character by character: the whole text each edit.
  let head = 0;
  while (head + CHUNK <= shortest && before.slice(head, head + CHUNK) === text.slice(head, head + CHUNK)) head += CHUNK;
  while (head < shortest && before.charCodeAt(head) === text.charCodeAt(head)) head++;
  // The common end is not cut where the common start ends: an inserted processor reads the same as the end of the one
  // before it (`"\n      }\n    },`), and each side is safe on its own (a unit inside it has the same text there).
  let tail = 0;
  while (tail + CHUNK <= shortest && before.slice(before.length - tail - CHUNK, before.length - tail) === text.slice(text.length - tail - CHUNK, text.length - tail)) tail += CHUNK;
  while (tail < shortest && before.charCodeAt(before.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
  const delta = text.length - before.length;
  const kept = new Map<number, ProcessorUnit>();
  for (const { start, unit } of previous.units) {
    if (start + unit.length <= head) kept.set(start, unit);
    if (start >= before.length - tail) kept.set(start + delta, unit);
  }
  return kept;
}

/**
 * A processor as detection reads it (`looksLikePipeline`): whether it is a one-key object, its name, and whether every
 * option it gives is one of that processor's (the table says). Summaries are shared, one per answer: a pipeline of
 * thousands of processors keeps no copy of their keys for detection.
 */
function summaryOf(node: ValueNode, table: ProcessorTable): ValueNode {
  if (node.kind !== 'object' || node.properties.length === 0) return NOT_A_PROCESSOR;
  if (node.properties.length === 1) return keySummary(node.properties[0], table);
  // Two processors written in one object (an error, but still a pipeline's item): each key summarised.
  const properties = node.properties.map((p) => (keySummary(p, table) as ObjectNode).properties[0]);
  return { kind: 'object', start: 0, end: 0, properties };
}

/** The shared summary of one processor key and its options. */
function keySummary(key: PropertyNode, table: ProcessorTable): ValueNode {
  const { key: name, value } = key;
  const own = value?.kind !== 'object' || !table.get(name) || value.properties.every((p) => p.key === '' || table.option(name, p.key) !== undefined);
  return (own ? ownOptions : otherOptions).get(name);
}

/** The shared summary of a processor named `name`: options of its own read as none, any other as one no processor takes. */
function processorSummary(name: string, own: boolean): ValueNode {
  const options: ObjectNode = { kind: 'object', start: 0, end: 0, properties: own ? [] : [new Property(NO_OPTION, 0, 0, 0, 0)] };
  const property = new Property(name, 0, 0, 0, 0);
  property.value = options;
  return { kind: 'object', start: 0, end: 0, properties: [property] };
}

const NOT_A_PROCESSOR: ValueNode = { kind: 'invalid', raw: '', start: 0, end: 0 };
const NO_OPTION = '\u0000';
// By processor name (names typed while editing are not bounded: the memo is).
const ownOptions = new BoundedMemo<ValueNode>((name) => processorSummary(name, true), 2_000);
const otherOptions = new BoundedMemo<ValueNode>((name) => processorSummary(name, false), 2_000);

function keyOnly(p: PropertyNode): Property {
  return new Property(p.key, p.keySpan.start, p.keySpan.end, p.keyTokenSpan.start, p.keyTokenSpan.end);
}

/** A copy of a property with another value (the tree it came from is left as it was). */
export function withValue(p: PropertyNode, value: ValueNode | undefined): Property {
  const copy = keyOnly(p);
  copy.colon = p.colon;
  copy.value = value;
  return copy;
}

/** A unit's tree, parsed from the text at its place: document offsets (undefined only if the text is not the unit's). */
export function unitTree(text: string, placed: PlacedUnit): ValueNode | undefined {
  return parseJsonFastAt(text, placed.start, placed.start + placed.unit.length);
}

/** The units that overlap `span` (a unit's end counts: the caret just after its closing brace). */
export function unitsIn(units: readonly PlacedUnit[], span: Span): PlacedUnit[] {
  // Binary search for the first unit ending at or after span.start: a large pipeline has thousands.
  let lo = 0;
  let hi = units.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (units[mid].start + units[mid].unit.length < span.start) lo = mid + 1;
    else hi = mid;
  }
  const out: PlacedUnit[] = [];
  for (let i = lo; i < units.length && units[i].start <= span.end; i++) out.push(units[i]);
  return out;
}
