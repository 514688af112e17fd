// Diagnostics of a Beats configuration: the name rules of event keys on every field it writes (the same verdicts,
// through the findings every kind shares), and the kind's own rules (beatsRules.ts). What each piece (the whole text,
// or the skeleton and each processor of a large one: beatsDocument.ts) gives is worked out once per piece and kept
// with it while its text is unchanged; the whole configuration is then judged from the pieces: a field written and
// taken away later (`drop_fields`, a rename's `from`) is temporary and not judged, and a name read that the
// configuration itself writes is its own.
import type { Catalog } from '../../catalog/types';
import { childPath, NamedRef } from '../../document/fieldRefs';
import type { Span } from '../../document/model';
import { diagnostic, documentDiagnostics } from '../../features/findings';
import { judgedAlone, pathOf, Spellings } from '../../features/names/spellings';
import type { FwDiagnostic } from '../../features/types';
import { BeatsDocument, piecesOf } from './beatsDocument';
import type { BeatsEnv } from './beatsEnv';
import type { BeatsReading } from './beatsReading';
import { pieceRules } from './beatsRules';

/** What a piece writes, as the name rules read it: each name a joined path with its segments' offsets, or a reference judged alone. */
interface Writes {
  names: ReadonlyArray<string | NamedRef>;
  /** The starts and ends of the segments of the joined names, in order (2 numbers a segment). */
  spans: readonly number[];
}

/** A piece's own findings (its offsets), with the path each read's finding is void by. */
interface Found {
  catalog: Catalog;
  findings: ReadonlyArray<{ diagnostic: FwDiagnostic; unlessWritten?: readonly string[] }>;
}

const writesOf = new WeakMap<BeatsReading, Writes>();
const foundOf = new WeakMap<BeatsReading, Found>();

function writes(reading: BeatsReading): Writes {
  let known = writesOf.get(reading);
  if (known) return known;
  const names: Array<string | NamedRef> = [];
  const spans: number[] = [];
  for (const ref of reading.refs) {
    if (ref.access !== 'write' || ref.detail.removes) continue;
    if (judgedAlone(ref)) {
      names.push(ref);
      continue;
    }
    names.push(ref.joinedPath);
    for (const s of ref.segments) spans.push(s.start, s.end);
  }
  writesOf.set(reading, (known = { names, spans }));
  return known;
}

function found(reading: BeatsReading, env: BeatsEnv): Found {
  const known = foundOf.get(reading);
  if (known && known.catalog === env.catalog) return known;
  const findings: Found['findings'][number][] = [];
  for (const rule of pieceRules) {
    for (const f of rule.check(reading, env)) findings.push({ diagnostic: diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f), unlessWritten: f.unlessWritten });
  }
  const made = { catalog: env.catalog, findings };
  foundOf.set(reading, made);
  return made;
}

/** Every diagnostic of a configuration, document offsets, sorted, with the settings applied. */
export function checkBeats(doc: BeatsDocument, env: BeatsEnv): FwDiagnostic[] {
  const pieces = piecesOf(doc);
  // Where each path is last taken away: a name written before it is temporary.
  const gone = new Map<string, number>();
  for (const { reading, at } of pieces) for (const g of reading.gone) gone.set(g.path, Math.max(gone.get(g.path) ?? -1, g.at + at));
  const removedLater = (path: readonly string[], at: number): boolean => {
    if (gone.size === 0) return false;
    let prefix = '';
    for (const name of path) {
      prefix = prefix === '' ? name : `${prefix}.${name}`;
      if ((gone.get(prefix) ?? -1) > at) return true;
    }
    return false;
  };
  const names = new Spellings({ index: 0, start: 0, text: doc.text, root: undefined, errors: [] });
  for (const { reading, at } of pieces) {
    const w = writes(reading);
    let next = 0;
    for (const name of w.names) {
      if (typeof name === 'string') {
        const from = next;
        const path = pathOf(name);
        next += 2 * path.length;
        if (!removedLater(path, w.spans[from] + at)) names.addName(name, w.spans, from, at);
        continue;
      }
      if (removedLater(name.path, name.segments[0].start + at)) continue;
      names.addRef(at === 0 ? name : new NamedRef(name.path, name.segments.map((s) => shift(s, at)), name.role, name.access, -1, name.detail));
    }
  }
  const own = (): FwDiagnostic[] => {
    const out: FwDiagnostic[] = [];
    let written: { paths: Set<string>; made: Set<string> } | undefined;
    for (const { reading, at } of pieces) {
      for (const { diagnostic: d, unlessWritten } of found(reading, env).findings) {
        if (unlessWritten && ownName(unlessWritten, (written ??= writtenPaths(doc)))) continue;
        out.push(at === 0 ? d : { ...d, start: d.start + at, end: d.end + at });
      }
    }
    return out;
  };
  return documentDiagnostics(doc.errors, names, own, env);
}

/** Every path the configuration writes (taken away later or not), and every object those writes make. */
function writtenPaths(doc: BeatsDocument): { paths: Set<string>; made: Set<string> } {
  const paths = new Set<string>();
  for (const { reading } of piecesOf(doc)) {
    for (const ref of reading.refs) if (ref.access === 'write') paths.add(ref.joinedPath);
    for (const ref of reading.fixedWrites) paths.add(ref.joinedPath);
  }
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
function ownName(path: readonly string[], written: { paths: Set<string>; made: Set<string> }): boolean {
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
