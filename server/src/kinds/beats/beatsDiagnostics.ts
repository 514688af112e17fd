// Diagnostics of a Beats configuration: the name rules of event keys on every field it writes (the same verdicts,
// through the findings every kind shares), and the kind's own rules (beatsRules.ts). What each piece gives the whole
// (the names it writes, what it takes away, its own findings, its syntax problems) is its digest, worked out once per
// piece and kept with a large file's unit while its text is unchanged; a unit's tree is read for it and dropped. The whole configuration is then judged from the digests: a field written and taken
// away later (`drop_fields`, a rename's `from`) is temporary and not judged, and a name read that the configuration
// itself writes is its own. A version an edit made inside the processors is checked from the last version's check.
import type { BeatsProcessorTable } from '../../catalog/beatsProcessors';
import type { Catalog } from '../../catalog/types';
import { flatCopy } from '../../document/compact';
import { childPath, NamedRef } from '../../document/fieldRefs';
import type { Span, SyntaxProblem } from '../../document/model';
import { diagnostic, documentDiagnostics, nameRules } from '../../features/findings';
import { judgedAlone, pathOf, Spellings } from '../../features/names/spellings';
import type { FieldwiseSettings } from '../../features/settings';
import type { FwDiagnostic } from '../../features/types';
import type { BeatsDocument, PlacedUnit, SharedSkeleton, Unit } from './beatsDocument';
import type { BeatsEnv } from './beatsEnv';
import type { BeatsDigest } from './beatsDigest';
import type { BeatsReading } from './beatsReading';
import { pieceTags } from './beatsOutline';
import { piecePlaces } from './beatsRefs';
import { pieceRules } from './beatsRules';

const EMPTY: readonly never[] = [];
const wholeDigests = new WeakMap<BeatsDocument, BeatsDigest>();

/**
 * A reading's digest; `keep`: its messages copied out of the text (the names of references are their own strings
 * already: ReadingBuilder.ref).
 */
export function digestOf(reading: BeatsReading, env: BeatsEnv, keep: boolean): BeatsDigest {
  const writes: Array<string | NamedRef> = [];
  const spans: number[] = [];
  const written: string[] = [];
  const refs = reading.refs;
  for (let r = 0; r < refs.length; r++) {
    const ref = refs[r];
    if (ref.access !== 'write') continue;
    written.push(ref.joinedPath);
    if (ref.detail.removes) continue;
    if (judgedAlone(ref)) {
      writes.push(ref);
      continue;
    }
    writes.push(ref.joinedPath);
    const segments = ref.segments;
    for (let k = 0; k < segments.length; k++) spans.push(segments[k].start, segments[k].end);
  }
  for (let r = 0; r < reading.fixedWrites.length; r++) written.push(reading.fixedWrites[r].joinedPath);
  let findings: Array<BeatsDigest['findings'][number]> | undefined;
  for (let k = 0; k < pieceRules.length; k++) {
    const rule = pieceRules[k];
    const found = rule.check(reading, env);
    for (let i = 0; i < found.length; i++) {
      const f = found[i];
      findings ??= [];
      const d = diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f);
      if (keep) {
        d.message = flatCopy(d.message);
        if (d.data !== undefined) d.data = JSON.parse(JSON.stringify(d.data)) as unknown;
      }
      findings.push({ diagnostic: d, unlessWritten: f.unlessWritten });
    }
  }
  return {
    catalog: env.catalog, table: env.beats, errors: reading.errors.length > 0 ? reading.errors.map((e) => ({ ...e, message: keep ? flatCopy(e.message) : e.message })) : EMPTY,
    writes, spans, written, gone: reading.gone.length > 0 ? reading.gone : EMPTY, findings: findings ?? EMPTY,
  };
}

function current(digest: BeatsDigest | undefined, env: BeatsEnv): digest is BeatsDigest {
  return digest !== undefined && digest.catalog === env.catalog && digest.table === env.beats;
}

/** The digest of a unit for `env`, made now when it has none (its tree read again, then dropped). */
export function unitDigest(unit: Unit, env: BeatsEnv): BeatsDigest {
  let digest = unit.digest;
  if (current(digest, env)) return digest;
  const reading = unit.reading(false);
  unit.digest = digest = digestOf(reading, env, true);
  // The workspace index asks for these next: worked out from this reading rather than a second one.
  unit.places ??= piecePlaces(reading, unit.text, env.beats);
  unit.identifiers ??= pieceTags(reading, unit.tags);
  return digest;
}

/** The skeleton's digest (the whole's when read whole), document offsets: a shared skeleton's is worked out once. */
function skeletonDigest(doc: BeatsDocument, env: BeatsEnv): BeatsDigest {
  let whole = wholeDigests.get(doc);
  if (whole && current(whole, env)) return whole;
  const shared = doc.shared;
  if (!shared) whole = digestOf(doc.skeleton, env, false);
  else {
    const { skeleton, at } = shared;
    let digest = skeleton.digest;
    if (!current(digest, env)) skeleton.digest = digest = movedDigest(digestOf(doc.skeleton, env, true), (o) => at.back(o), (o) => at.backEnd(o));
    whole = movedDigest(digest, (o) => at.place(o), (o) => at.placeEnd(o));
  }
  wholeDigests.set(doc, whole);
  return whole;
}

/** A digest with its offsets moved (`start` for where something starts, `end` for where it ends). */
function movedDigest(digest: BeatsDigest, start: (offset: number) => number, end: (offset: number) => number): BeatsDigest {
  const span = <T extends Span>(s: T): T => ({ ...s, start: start(s.start), end: end(s.end) });
  const spans = digest.spans.map((o, k) => (k % 2 === 0 ? start(o) : end(o)));
  const writes = digest.writes.map((w) => (typeof w === 'string' ? w : new NamedRef(w.path, w.segments.map(span), w.role, w.access, -1, w.detail)));
  return {
    ...digest, spans, writes, errors: digest.errors.map(span), gone: digest.gone.map((g) => ({ path: g.path, at: start(g.at) })),
    findings: digest.findings.map((f) => ({ ...f, diagnostic: span(f.diagnostic) })),
  };
}

/**
 * A split configuration's check as its next version's reads it (beatsDiagnostics.ts): an edit inside its processors
 * changes only the findings of the units it touched, while the names the configuration judges stay the same names.
 */
interface CheckMemo {
  catalog: Catalog;
  table: BeatsProcessorTable;
  settings: FieldwiseSettings;
  file: string;
  /** The units checked, where they stood, in a text of `length`; the skeleton they stood in. */
  units: readonly PlacedUnit[];
  length: number;
  skeleton: SharedSkeleton;
  /** The findings of the names judged and the syntax problems, settings applied, sorted. */
  names: readonly FwDiagnostic[];
  /** Each spelling judged, and its first place. */
  firsts: ReadonlyMap<string, FirstPlace>;
  /** Where each path is last taken away. */
  gone: ReadonlyMap<string, number>;
  /** Each name read that voids a finding when written (joined), and whether the configuration writes it. */
  ownReads: ReadonlyMap<string, boolean>;
}

/** A spelling's first place: its piece (the skeleton's when no unit), its first span's index in the piece's `spans`, where the piece starts, where it starts. */
interface FirstPlace {
  unit: Unit | undefined;
  from: number;
  at: number;
  offset: number;
}

/** Each split document's last check, under its `checked` (a version keeps the one it was read against under `edited`). */
const memos = new WeakMap<object, CheckMemo>();

/** A piece's digest at its place: the skeleton's (unit undefined, at 0) or a unit's. */
interface Part {
  unit: Unit | undefined;
  digest: BeatsDigest;
  at: number;
}

/** The codes of the kind's own rules: the findings worked out again at every check (a read is void if written elsewhere). */
const OWN_CODES: ReadonlySet<string> = new Set(pieceRules.map((r) => r.code));
/** Rules whose findings count across the file: a check after an edit does not count them again. */
const PER_FILE_CODES: ReadonlySet<string> = new Set(nameRules.filter((r) => r.perFile).map((r) => r.code));
const NAME_CODES: ReadonlySet<string> = new Set(nameRules.map((r) => r.code));
const byPlace = (a: FwDiagnostic, b: FwDiagnostic): number => a.start - b.start || a.end - b.end;

/** Every diagnostic of a configuration, document offsets, sorted, with the settings applied. */
export function checkBeats(doc: BeatsDocument, env: BeatsEnv): FwDiagnostic[] {
  const parts: Part[] = [{ unit: undefined, digest: skeletonDigest(doc, env), at: 0 }];
  // The units not digested yet (all of them on open, the edited ones after an edit) are read now, one tree at a time.
  const units = doc.units;
  for (let i = 0; i < units.length; i++) parts.push({ unit: units[i].unit, digest: unitDigest(units[i].unit, env), at: units[i].start });
  return checkEdited(doc, parts, env) ?? checkWhole(doc, parts, env);
}

/** Spellings whose rules' findings are worked out once, and whether each came out on its places (else: undefined). */
class JudgedSpellings extends Spellings {
  judged: Array<ReturnType<Spellings['findings']>> = [];

  override findings(...args: Parameters<Spellings['findings']>): ReturnType<Spellings['findings']> {
    const found = super.findings(...args);
    this.judged.push(found);
    return found;
  }

  /** Whether every finding of the name rules came out on the places of its spelling. */
  get onPlaces(): boolean {
    return this.judged.length === 1 && this.judged[0] !== undefined;
  }
}

/** Where each path is last taken away, over every part. */
function goneOf(parts: readonly Part[]): Map<string, number> {
  const gone = new Map<string, number>();
  for (let p = 0; p < parts.length; p++) {
    const { digest, at } = parts[p];
    for (let k = 0; k < digest.gone.length; k++) gone.set(digest.gone[k].path, Math.max(gone.get(digest.gone[k].path) ?? -1, digest.gone[k].at + at));
  }
  return gone;
}

/** Whether a name written at `at` is taken away later (`gone`'s offsets read through `moved`). */
function removedLater(gone: ReadonlyMap<string, number>, path: readonly string[], at: number, moved: (offset: number) => number = (o) => o): boolean {
  if (gone.size === 0) return false;
  let prefix = '';
  for (const name of path) {
    prefix = prefix === '' ? name : childPath(prefix, name);
    const last = gone.get(prefix);
    if (last !== undefined && moved(last) > at) return true;
  }
  return false;
}

/** A reference judged alone, at its piece's place. */
function placed(ref: NamedRef, at: number): NamedRef {
  return at === 0 ? ref : new NamedRef(ref.path, ref.segments.map((s) => shift(s, at)), ref.role, ref.access, -1, ref.detail);
}

/** The kind's own findings of every part, document offsets; a read is void where the configuration writes the name. */
function ownFindings(parts: readonly Part[], ownReads: Map<string, boolean>): FwDiagnostic[] {
  const out: FwDiagnostic[] = [];
  for (let p = 0; p < parts.length; p++) {
    const { digest, at } = parts[p];
    for (let k = 0; k < digest.findings.length; k++) {
      const { diagnostic: d, unlessWritten } = digest.findings[k];
      if (unlessWritten) {
        const joined = unlessWritten.join('.');
        let own = ownReads.get(joined);
        if (own === undefined) ownReads.set(joined, (own = isOwnRead(joined, parts)));
        if (own) continue;
      }
      out.push(at === 0 ? d : { ...d, start: d.start + at, end: d.end + at });
    }
  }
  return out;
}

/** The configuration judged whole: every name written, every part's findings. */
function checkWhole(doc: BeatsDocument, parts: readonly Part[], env: BeatsEnv): FwDiagnostic[] {
  // Where each path is last taken away: a name written before it is temporary.
  const gone = goneOf(parts);
  const names = new JudgedSpellings({ index: 0, start: 0, text: doc.text, root: undefined, errors: [] });
  const errors: SyntaxProblem[] = [];
  const firsts = new Map<string, FirstPlace>();
  for (let p = 0; p < parts.length; p++) {
    const { unit, digest, at } = parts[p];
    for (const e of digest.errors) errors.push(at === 0 ? e : { start: e.start + at, end: e.end + at, message: e.message });
    let next = 0;
    const writes = digest.writes;
    for (let k = 0; k < writes.length; k++) {
      const name = writes[k];
      if (typeof name === 'string') {
        const from = next;
        const path = pathOf(name);
        next += 2 * path.length;
        const offset = digest.spans[from] + at;
        if (removedLater(gone, path, offset)) continue;
        names.addName(name, digest.spans, from, at);
        if (!firsts.has(name)) firsts.set(name, { unit, from, at, offset });
        continue;
      }
      const offset = name.segments[0].start + at;
      if (removedLater(gone, name.path, offset)) continue;
      names.addRef(placed(name, at));
    }
  }
  const ownReads = new Map<string, boolean>();
  const found = documentDiagnostics(errors, names, () => ownFindings(parts, ownReads), env);
  const slot = doc.checked;
  if (slot) {
    memos.delete(slot);
    if (names.onPlaces && doc.shared && !found.some((d) => PER_FILE_CODES.has(d.code))) {
      memos.set(slot, {
        catalog: env.catalog, table: env.beats, settings: env.settings, file: env.file, units: doc.units, length: doc.text.length, skeleton: doc.shared.skeleton,
        names: found.filter((d) => !OWN_CODES.has(d.code)), firsts, gone, ownReads,
      });
    }
  }
  return found;
}

/**
 * The configuration judged after an edit inside its processors, from its last check: the units the edit replaced give
 * up their findings, the others keep theirs (moved by the edit), and the new units' names are judged among the places
 * the name rules judge by, which the edit leaves as they were. Undefined where that does not hold: the edit changes
 * which names are judged or where a spelling is first written, takes a path away or gives one back, or touches the
 * skeleton or a syntax problem.
 */
function checkEdited(doc: BeatsDocument, parts: readonly Part[], env: BeatsEnv): FwDiagnostic[] | undefined {
  const memo = doc.edited ? memos.get(doc.edited) : undefined;
  if (!memo || !doc.checked || memo.catalog !== env.catalog || memo.table !== env.beats || memo.settings !== env.settings || memo.file !== env.file) return undefined;
  if (doc.shared?.skeleton !== memo.skeleton) return undefined;
  const before = memo.units;
  const after = doc.units;
  const delta = doc.text.length - memo.length;
  // The units kept at both ends; between them, those the edit replaced (`before`) and those it made (`after`).
  let head = 0;
  const fewer = Math.min(before.length, after.length);
  while (head < fewer && before[head].unit === after[head].unit && before[head].start === after[head].start) head++;
  let tail = 0;
  while (tail < fewer - head && before[before.length - 1 - tail].unit === after[after.length - 1 - tail].unit && before[before.length - 1 - tail].start + delta === after[after.length - 1 - tail].start) tail++;
  const replaced = before.slice(head, before.length - tail);
  const made = parts.slice(1 + head, parts.length - tail);
  if (replaced.length === 0 || made.length === 0 || !adjacent(replaced) || !adjacent(after.slice(head, after.length - tail))) return undefined;
  // The text the replaced units held, and the made ones hold: nothing else of either version is in it.
  const from = replaced[0].start;
  const to = replaced[replaced.length - 1].end;
  if (made[0].at !== from || after[after.length - 1 - tail].end !== to + delta) return undefined;
  const end = to + delta;
  const moved = (offset: number): number => (offset < from ? offset : offset + delta);
  const taken: string[] = [];
  for (const { unit } of replaced) {
    const digest = unit.digest;
    if (!digest || !current(digest, env) || !plain(digest)) return undefined;
    for (const name of digest.writes) {
      const first = typeof name === 'string' ? memo.firsts.get(name)?.offset : undefined;
      if (first !== undefined && first >= from && first < to) return undefined;
    }
    for (const g of digest.gone) taken.push(g.path);
  }
  for (const { digest } of made) {
    if (!plain(digest)) return undefined;
    for (const g of digest.gone) taken.push(g.path);
  }
  // A path the edit takes away elsewhere than before: the names outside the edit written in between change verdict.
  const gone = taken.length > 0 ? goneOf(parts) : delta === 0 ? memo.gone : new Map([...memo.gone].map(([path, at]) => [path, moved(at)]));
  for (const path of taken) {
    const was = memo.gone.get(path);
    const is = gone.get(path);
    // For the names outside the edit, a place inside it is the edit's start.
    const then = was === undefined ? -1 : was >= from && was < to ? from : moved(was);
    const now = is === undefined ? -1 : is >= from && is < end ? from : is;
    if (then !== now && writtenBetween(parts, 1 + head, parts.length - tail, path, Math.min(then, now), Math.max(then, now))) return undefined;
  }
  // The made units' names: a spelling's findings are those of its first place (before the edit, where the offsets of
  // both versions agree), moved onto the name's own segments, as the name rules give them to every place.
  const made_: FwDiagnostic[] = [];
  const starts = new Set<number>();
  for (const { digest, at } of made) {
    let next = 0;
    for (let k = 0; k < digest.writes.length; k++) {
      const name = digest.writes[k] as string;
      const path = pathOf(name);
      const place = next;
      next += 2 * path.length;
      if (removedLater(gone, path, digest.spans[place] + at)) continue;
      const first = memo.firsts.get(name);
      if (!first || first.offset >= from || starts.has(digest.spans[place] + at)) return undefined;
      starts.add(digest.spans[place] + at);
      const firstDigest = first.unit ? first.unit.digest : parts[0].digest;
      if (!firstDigest || !current(firstDigest, env) || !movedOnto(memo.names, firstDigest.spans, first.from, first.at, digest.spans, place, at, path.length, made_)) return undefined;
    }
  }
  // A read's being the configuration's own changes only with what the replaced and the made units write.
  const ownReads = new Map(memo.ownReads);
  for (const { digest } of [...replaced.map((r) => ({ digest: r.unit.digest! })), ...made]) {
    for (const path of digest.written) for (const read of ownReads.keys()) if (writes(path, read)) ownReads.delete(read);
  }
  const own = documentDiagnostics(EMPTY, new Spellings({ index: 0, start: 0, text: doc.text, root: undefined, errors: [] }), () => ownFindings(parts, ownReads), env);
  const judged: FwDiagnostic[] = [];
  for (const d of memo.names) {
    if (d.start < from) judged.push(d);
    else break;
  }
  judged.push(...made_.sort(byPlace));
  for (const d of memo.names) if (d.start >= to) judged.push({ ...d, start: d.start + delta, end: d.end + delta });
  let firsts = memo.firsts;
  if (delta !== 0) {
    const shifted = new Map<string, FirstPlace>();
    for (const [name, place] of memo.firsts) shifted.set(name, place.offset < from ? place : { ...place, at: moved(place.at), offset: moved(place.offset) });
    firsts = shifted;
  }
  memos.set(doc.checked, { ...memo, units: after, length: doc.text.length, names: judged, firsts, gone, ownReads });
  return [...judged, ...own].sort(byPlace);
}

/**
 * The name findings `names` holds on a first place (segments at `spans[from..]` moved by `at`) moved onto another
 * place of the same spelling, added to `out`; false when a finding does not sit on the first place's segments.
 */
function movedOnto(
  names: readonly FwDiagnostic[], spans: readonly number[], from: number, at: number, onto: readonly number[], ontoFrom: number, ontoAt: number, segments: number, out: FwDiagnostic[],
): boolean {
  const start = spans[from] + at;
  const last = spans[from + 2 * segments - 1] + at;
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (names[mid].start < start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < names.length && names[i].start < last; i++) {
    const d = names[i];
    if (!NAME_CODES.has(d.code)) continue;
    let first = 0;
    while (first < segments && spans[from + 2 * first] + at !== d.start) first++;
    let end = first;
    while (end < segments && spans[from + 2 * end + 1] + at !== d.end) end++;
    if (end === segments) return false;
    out.push({ ...d, start: onto[ontoFrom + 2 * first] + ontoAt, end: onto[ontoFrom + 2 * end + 1] + ontoAt });
  }
  return true;
}

/** A digest of no syntax problem whose every name is judged by its spelling. */
function plain(digest: BeatsDigest): boolean {
  return digest.errors.length === 0 && digest.writes.every((w) => typeof w === 'string');
}

/** Whether a part other than `skip` ones (`parts[from..to)`) writes `path` or below it at an offset in [lo, hi). */
function writtenBetween(parts: readonly Part[], skipFrom: number, skipTo: number, path: string, lo: number, hi: number): boolean {
  for (let p = 0; p < parts.length; p++) {
    if (p === skipFrom) p = skipTo;
    if (p >= parts.length) break;
    const { digest, at } = parts[p];
    let next = 0;
    for (const name of digest.writes) {
      const joined = typeof name === 'string' ? name : name.joinedPath;
      const offset = typeof name === 'string' ? digest.spans[next] + at : name.segments[0].start + at;
      if (typeof name === 'string') next += 2 * pathOf(name).length;
      if (offset >= lo && offset < hi && writes(path, joined) && joined.length >= path.length) return true;
    }
  }
  return false;
}

/** Whether units follow one another with nothing between them. */
function adjacent(units: readonly PlacedUnit[]): boolean {
  for (let i = 1; i < units.length; i++) if (units[i].start !== units[i - 1].end) return false;
  return true;
}

/** Whether a name read is the configuration's own: it writes the name, an object above it, or a field below it. */
function isOwnRead(joined: string, parts: readonly Part[]): boolean {
  for (let p = 0; p < parts.length; p++) {
    const written = parts[p].digest.written;
    for (let k = 0; k < written.length; k++) if (writes(written[k], joined)) return true;
  }
  return false;
}

/** Whether writing `written` makes `read`: the same path, a path above it (`a` makes `a.b` its own), or one below it. */
function writes(written: string, read: string): boolean {
  if (written.length === read.length) return written === read;
  if (written.length < read.length) return read.charCodeAt(written.length) === 46 && read.startsWith(written);
  return written.charCodeAt(read.length) === 46 && written.startsWith(read);
}

function shift(span: Span, by: number): Span {
  return { start: span.start + by, end: span.end + by };
}
