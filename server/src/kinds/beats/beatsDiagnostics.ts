// Diagnostics of a Beats configuration: the name rules of event keys on every field it writes (the same verdicts,
// through the findings every kind shares), and the kind's own rules (beatsRules.ts). What each piece gives the whole
// (the names it writes, what it takes away, its own findings, its syntax problems) is its digest, worked out once per
// piece and kept with a large file's unit while its text is unchanged; a unit's tree is read for it and dropped. The whole configuration is then judged from the digests: a field written and taken
// away later (`drop_fields`, a rename's `from`) is temporary and not judged, and a name read that the configuration
// itself writes is its own.
import { flatCopy } from '../../document/compact';
import { childPath, NamedRef } from '../../document/fieldRefs';
import type { Span, SyntaxProblem } from '../../document/model';
import { diagnostic, documentDiagnostics } from '../../features/findings';
import { judgedAlone, pathOf, Spellings } from '../../features/names/spellings';
import type { FwDiagnostic } from '../../features/types';
import type { BeatsDocument, Unit } from './beatsDocument';
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

/** Every piece's digest with where its offsets start: the skeleton's (or the whole's), then each unit's. */
export function digestsOf(doc: BeatsDocument, env: BeatsEnv): Array<{ digest: BeatsDigest; at: number }> {
  const out = [{ digest: skeletonDigest(doc, env), at: 0 }];
  // The units not digested yet (all of them on open, the edited ones after an edit) are read now, one tree at a time.
  const units = doc.units;
  for (let i = 0; i < units.length; i++) out.push({ digest: unitDigest(units[i].unit, env), at: units[i].start });
  return out;
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

/** Every diagnostic of a configuration, document offsets, sorted, with the settings applied. */
export function checkBeats(doc: BeatsDocument, env: BeatsEnv): FwDiagnostic[] {
  const parts = digestsOf(doc, env);
  // Where each path is last taken away: a name written before it is temporary.
  const gone = new Map<string, number>();
  for (let p = 0; p < parts.length; p++) {
    const { digest, at } = parts[p];
    for (let k = 0; k < digest.gone.length; k++) gone.set(digest.gone[k].path, Math.max(gone.get(digest.gone[k].path) ?? -1, digest.gone[k].at + at));
  }
  const removedLater = (path: readonly string[], at: number): boolean => {
    if (gone.size === 0) return false;
    let prefix = '';
    for (const name of path) {
      prefix = prefix === '' ? name : childPath(prefix, name);
      if ((gone.get(prefix) ?? -1) > at) return true;
    }
    return false;
  };
  const names = new Spellings({ index: 0, start: 0, text: doc.text, root: undefined, errors: [] });
  const errors: SyntaxProblem[] = [];
  for (let p = 0; p < parts.length; p++) {
    const { digest, at } = parts[p];
    for (const e of digest.errors) errors.push(at === 0 ? e : { start: e.start + at, end: e.end + at, message: e.message });
    let next = 0;
    const writes = digest.writes;
    for (let k = 0; k < writes.length; k++) {
      const name = writes[k];
      if (typeof name === 'string') {
        const from = next;
        const path = pathOf(name);
        next += 2 * path.length;
        if (!removedLater(path, digest.spans[from] + at)) names.addName(name, digest.spans, from, at);
        continue;
      }
      if (removedLater(name.path, name.segments[0].start + at)) continue;
      names.addRef(at === 0 ? name : new NamedRef(name.path, name.segments.map((s) => shift(s, at)), name.role, name.access, -1, name.detail));
    }
  }
  const own = (): FwDiagnostic[] => {
    const out: FwDiagnostic[] = [];
    let written: { paths: Set<string>; made: Set<string> } | undefined;
    for (let p = 0; p < parts.length; p++) {
      const { digest, at } = parts[p];
      for (let k = 0; k < digest.findings.length; k++) {
        const { diagnostic: d, unlessWritten } = digest.findings[k];
        if (unlessWritten && isOwnRead(unlessWritten, (written ??= writtenPaths(parts)))) continue;
        out.push(at === 0 ? d : { ...d, start: d.start + at, end: d.end + at });
      }
    }
    return out;
  };
  return documentDiagnostics(errors, names, own, env);
}

/** Every path the configuration writes (taken away later or not), and every object those writes make. */
function writtenPaths(parts: ReadonlyArray<{ digest: BeatsDigest }>): { paths: Set<string>; made: Set<string> } {
  const paths = new Set<string>();
  for (const { digest } of parts) for (const path of digest.written) paths.add(path);
  const made = new Set<string>();
  for (const joined of paths) {
    const path = pathOf(joined);
    let prefix = path[0];
    made.add(prefix);
    for (let i = 1; i < path.length; i++) made.add((prefix = childPath(prefix, path[i])));
  }
  return { paths, made };
}

/** Whether a name read is the configuration's own: it writes the name, an object above it, or a field below it. */
function isOwnRead(path: readonly string[], written: { paths: Set<string>; made: Set<string> }): boolean {
  if (written.made.has(path.join('.'))) return true;
  let prefix = '';
  for (const name of path) {
    prefix = prefix === '' ? name : `${prefix}.${name}`;
    if (written.paths.has(prefix)) return true;
  }
  return false;
}

function shift(span: Span, by: number): Span {
  return { start: span.start + by, end: span.end + by };
}
