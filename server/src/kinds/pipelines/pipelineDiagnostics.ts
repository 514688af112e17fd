// Diagnostics of an ingest pipeline: the name rules of event keys on every field it writes (the same verdicts),
// a likely-typo warning on names it reads inside a defined set, and the pipeline's own rules (pipelineRules.ts).
// A pipeline read as units (document/pipeline/pipelineUnits.ts) is checked as an event document is: what follows
// from one processor's text (its written names, what it removes or converts, its own findings, some of them void if
// another processor says so) is digested once per unit and kept while the unit is unchanged; the whole pipeline is
// then judged from those digests (what is removed later, the facts that void a finding, the name rules).
import type { ProcessorTable } from '../../catalog/processors';
import type { Catalog } from '../../catalog/types';
import { flatCopy, ownName } from '../../document/compact';
import { childPath, NamedRef } from '../../document/fieldRefs';
import type { Span, ValueNode } from '../../document/model';
import type { FileType } from '../../document/fileType';
import { lineOf } from '../../document/lines';
import { FreshUnit, PipelineDocument, skeletonView, unitsDocument, unitTree } from './pipelineDocument';
import type { FwDiagnostic } from '../../features/types';
import { judgedAlone, pathOf, Spellings } from '../../features/names/spellings';
import { diagnostic, documentDiagnostics } from '../../features/findings';
import { isRecord } from '../../features/locate';
import { unnamespacedCustomField } from '../../features/rules/unnamespacedCustomField';
import type { PipelineEnv } from './pipelineEnv';
import { PipelineFacts, PipelineFinding, PipelineRule, stands } from './pipelineRule';
import { pipelineRules } from './pipelineRules';
import { convertedFields } from './pipelineTypeRules';
import { removedAfter, removesBy, removesField, sliceOf } from './pipelineViews';

const processorRules = pipelineRules.filter((r) => r.scope === 'processor');
/** Units digested in one pass: few enough that a batch's trees die young, enough that the rules' passes stay few. */
const BATCH = 16;

/**
 * What a pipeline's processors give the whole pipeline, in the offsets of the version it was made in: kept per
 * top-level processor of a pipeline read as units while its text is unchanged.
 */
interface PipelineDigest {
  /** Where its part started when digested: its offsets are the document's of that version. */
  origin: number;
  /**
   * The names written and not removed there (the written view keeps those not removed later), in order: each a joined
   * path (interned) whose segments' starts and ends follow in `spans` (2 numbers a segment), or a reference the name
   * rules judge alone (a default target, a literal dotted key: `judgedAlone`). Numbers, not a reference and a span
   * object per segment: thousands are kept, and what is kept is copied by every young collection until promoted.
   */
  writes: ReadonlyArray<string | NamedRef>;
  spans: readonly number[];
  /** Paths removed or renamed away, and where. */
  gone: ReadonlyArray<{ path: string; at: number }>;
  /** The processor rules' findings (default severities), each with what another processor's text would void it by. */
  findings: ReadonlyArray<{ diagnostic: FwDiagnostic; unlessConverted?: string; unlessWritten?: readonly string[] }>;
  /** The schema fields its convert processors write. */
  converted: readonly string[];
  /** The joined paths of the names it writes to remove them (a script's `remove`): written, though not in `writes`. */
  removing: readonly string[];
  /** The first names of the paths it reads below them (`source` of `source.ip`): objects in this pipeline, namespaces. */
  readBelow: readonly string[];
}

/** A unit's digest and what it was made with (`ProcessorUnit.derived`): a processor unchanged since the previous version is not read again. */
class UnitDigest {
  constructor(readonly catalog: Catalog, readonly table: ProcessorTable, readonly digest: PipelineDigest) {}
}

/** A digest and what moves its offsets to the document's (where its unit stands now, less where it stood when digested). */
interface Part {
  digest: PipelineDigest;
  at: number;
}

/** Every diagnostic of a pipeline document, document offsets, sorted, with the settings applied. */
export function checkPipeline(doc: PipelineDocument, env: PipelineEnv): FwDiagnostic[] {
  if (!doc.units) return judge(doc, doc, [{ digest: digestsOf(doc, [0], env)[0], at: 0 }], env);
  const units = doc.units.units;
  const digests = units.map((placed) => {
    const known = placed.unit.derived;
    return known instanceof UnitDigest && known.catalog === env.catalog && known.table === env.processors ? known.digest : undefined;
  });
  // The units not digested yet (all of them on open, the edited ones after an edit) are read a batch at a time: one
  // pass of the rules per batch, and each batch's trees die young (all of them alive at once would be copied by every
  // young collection and promoted).
  const missing = digests.flatMap((digest, i) => (digest === undefined ? [i] : []));
  for (let b = 0; b < missing.length; b += BATCH) {
    const batch = missing.slice(b, b + BATCH).map((i) => units[i]);
    // A unit of a units document always parses (it was read as well-formed JSON); were it not to, it holds nothing.
    const fresh = batch.map((placed): FreshUnit => ({ placed, tree: unitTree(doc.text, placed) ?? { kind: 'invalid', raw: '', start: placed.start, end: placed.start } }));
    const made = digestFresh(doc.text, doc.type, fresh, env);
    missing.slice(b, b + BATCH).forEach((i, k) => (digests[i] = made[k]));
  }
  const parts: Part[] = units.map((placed, i) => ({ digest: digests[i]!, at: placed.start - digests[i]!.origin }));
  // The skeleton's processors (the pipeline-level on_failure) come after the top-level ones, as a whole parse walks them.
  const skeleton = skeletonView(doc, env.processors);
  parts.push({ digest: digestsOf(skeleton, [0], env)[0], at: 0 });
  return judge(doc, skeleton, parts, env);
}

/**
 * Digests units new in a version from their trees (document offsets), and keeps each in its unit: the language
 * service hands them on from file detection's parse, the check reads the rest.
 */
export function digestFresh(text: string, type: FileType, fresh: readonly FreshUnit[], env: PipelineEnv): PipelineDigest[] {
  // Lists built by push, not `map`: `map` makes holey or packed arrays as it runs optimised or not, and digestsOf's
  // optimised code holds only for the array kinds it has seen.
  const trees: ValueNode[] = [];
  const starts: number[] = [];
  for (let k = 0; k < fresh.length; k++) {
    trees.push(fresh[k].tree);
    starts.push(fresh[k].placed.start);
  }
  const made = digestsOf(unitsDocument(text, type, trees, env.processors), starts, env);
  for (let k = 0; k < fresh.length; k++) fresh[k].placed.unit.derived = new UnitDigest(env.catalog, env.processors, made[k]);
  return made;
}

/** The whole pipeline judged from its parts' digests; `body` holds the pipeline object (the body rules read it). */
function judge(doc: PipelineDocument, body: PipelineDocument, parts: readonly Part[], env: PipelineEnv): FwDiagnostic[] {
  const union = (pick: (d: PipelineDigest) => readonly string[], names?: (d: PipelineDigest) => PipelineDigest['writes']): (() => ReadonlySet<string>) => {
    let set: Set<string> | undefined;
    return () => {
      if (!set) {
        set = new Set<string>();
        for (let p = 0; p < parts.length; p++) {
          const list = pick(parts[p].digest);
          for (let k = 0; k < list.length; k++) set.add(list[k]);
          const writes = names?.(parts[p].digest) ?? EMPTY;
          for (let k = 0; k < writes.length; k++) set.add(nameOf(writes[k]));
        }
      }
      return set;
    };
  };
  // The paths written (all of them, removed later or not) and those they make, read off the digests' writes when a
  // finding asks (most opens: a few times at most).
  const written = union((d) => d.removing, (d) => d.writes);
  let made: Set<string> | undefined;
  const factsOf: PipelineFacts = { converted: union((d) => d.converted), written, made: () => (made ??= madeBy(written())) };
  // Where each removed path's last removal stands (a later part's removal of the same path wins, as a whole walk sets it).
  // Indexed loops over the parts: an open runs this once, cold, where each `for...of` step makes an iterator result.
  const gone = new Map<string, number>();
  for (let p = 0; p < parts.length; p++) {
    const { digest, at } = parts[p];
    for (let k = 0; k < digest.gone.length; k++) gone.set(digest.gone[k].path, digest.gone[k].at + at);
  }
  const removedLater = removedAfter(gone);
  const names = new Spellings(sliceOf(doc));
  for (let p = 0; p < parts.length; p++) {
    const { digest, at } = parts[p];
    const spans = digest.spans;
    let next = 0;
    for (let k = 0; k < digest.writes.length; k++) {
      const w = digest.writes[k];
      if (typeof w === 'string') {
        const from = next;
        const path = pathOf(w);
        next += 2 * path.length;
        if (!removedLater(path, spans[from] + at)) names.addName(w, spans, from, at);
        continue;
      }
      if (removedLater(w.path, w.segments[0].start + at)) continue;
      // A unit where it was digested (every unit on open) gives its references as they are; one moved by an edit, copies.
      names.addRef(at === 0 ? w : new NamedRef(w.path, w.segments.map((s) => shift(s, at)), w.role, w.access, -1, w.detail));
    }
  }
  const own = (): FwDiagnostic[] => {
    // The parts' findings by rule, gathered in one pass (most parts have none, and an open runs this cold over
    // thousands of parts), then given out in the rules' order as a whole walk finds them.
    const byCode = new Map<string, FwDiagnostic[]>();
    for (let p = 0; p < parts.length; p++) {
      const { digest, at } = parts[p];
      const findings = digest.findings;
      for (let k = 0; k < findings.length; k++) {
        const f = findings[k];
        if (!stands(f, factsOf)) continue;
        const code = f.diagnostic.code;
        let list = byCode.get(code);
        if (!list) byCode.set(code, (list = []));
        list.push(at === 0 ? f.diagnostic : { ...f.diagnostic, start: f.diagnostic.start + at, end: f.diagnostic.end + at });
      }
    }
    return pipelineRules.flatMap((rule) => rule.scope === 'body'
      ? rule.check(body, env).filter((f) => stands(f, factsOf)).map((f) => diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f))
      : byCode.get(rule.code) ?? []);
  };
  // A name the pipeline writes or reads fields below is an object here, a namespace: never moved into labels.
  let namespaces: Set<string> | undefined;
  const isNamespace = (name: string): boolean => (namespaces ??= namespacesOf(written(), parts)).has(name);
  const keepName = (d: FwDiagnostic): boolean => d.code !== unnamespacedCustomField.code || !isRecord(d.data) || typeof d.data.name !== 'string' || !isNamespace(d.data.name);
  return documentDiagnostics(doc.errors, names, own, env, keepName);
}

/**
 * The digests of the parts of a document that start at `starts` (sorted; each part runs to the next): what its
 * processors give the whole pipeline, each in the document's offsets with `origin` its start. What a digest keeps
 * holds no piece of the document's text (names interned, messages copied): a unit's digest outlives its version.
 */
function digestsOf(doc: PipelineDocument, starts: readonly number[], env: PipelineEnv): PipelineDigest[] {
  // What the references give the parts goes in lists for the whole batch, cut per part at the end: the references are
  // in document order, so each part's entries are one run: a batch's lists, not lists of each part's own, keep what an
  // open allocates down.
  const writes: Array<string | NamedRef> = [];
  const spans: number[] = [];
  const removing: string[] = [];
  const gone: Array<{ path: string; at: number }> = [];
  // Where each part's run starts in each list (the next part's start ends it).
  const runs = new Runs(starts.length);
  // The first names read below them, per part.
  const below: Array<Set<string> | undefined> = [];
  // The names only read (kept apart: ReadNames) give the sources of renames, each where it stands among the references.
  const reads = doc.reads;
  let q = 0;
  for (let k = 0; k <= doc.refs.length; k++) {
    for (; reads !== undefined && q < reads.length && reads.at[q] <= k; q++) {
      const dot = reads.paths[q].indexOf('.');
      if (dot > 0) (below[lineOf(starts, reads.start(q))] ??= new Set()).add(reads.paths[q].slice(0, dot));
      if (!removesBy(reads.details[q])) continue;
      const at = reads.start(q);
      runs.reach(lineOf(starts, at), writes.length, spans.length, removing.length, gone.length);
      gone.push({ path: ownName(reads.paths[q]), at });
    }
    if (k === doc.refs.length) break;
    const r = doc.refs[k];
    runs.reach(lineOf(starts, r.segments[0].start), writes.length, spans.length, removing.length, gone.length);
    if (r.access === 'read' && r.path.length > 1) (below[lineOf(starts, r.segments[0].start)] ??= new Set()).add(r.path[0]);
    if (removesField(r)) gone.push({ path: r.joinedPath, at: r.segments[0].start });
    if (r.access !== 'write') continue;
    if (r.detail.removes) {
      removing.push(r.joinedPath);
      continue;
    }
    // An object target (json's, kv's) keeps its reference: the name rules read that it holds an object.
    if (judgedAlone(r) || r.detail.object === true) {
      writes.push(r);
      continue;
    }
    writes.push(r.joinedPath);
    const segments = r.segments;
    for (let i = 0; i < segments.length; i++) spans.push(segments[i].start, segments[i].end);
  }
  runs.reach(starts.length, writes.length, spans.length, removing.length, gone.length);
  // Findings, converted fields and names read below are few: a list only for a part that has some.
  const findings: Array<PipelineDigest['findings'][number][] | undefined> = [];
  const converted: Array<string[] | undefined> = [];
  for (let k = 0; k < starts.length; k++) {
    findings.push(undefined);
    converted.push(undefined);
  }
  for (let r = 0; r < processorRules.length; r++) {
    const rule = processorRules[r];
    const found = rule.check(doc, env);
    // Findings are few and of several shapes: kept by a function of its own, called for every rule's list (a call
    // first made after this loop is optimised, or code first met in it, deoptimises the loop).
    keepFindings(rule, found, starts, findings);
  }
  const fields = convertedFields(doc, env);
  for (let k = 0; k < fields.length; k++) (converted[lineOf(starts, fields[k].at)] ??= []).push(fields[k].path);
  const out: PipelineDigest[] = [];
  for (let p = 0; p < starts.length; p++) {
    out.push({
      origin: starts[p], writes: runs.cut(writes, 0, p), spans: runs.cut(spans, 1, p), removing: runs.cut(removing, 2, p), gone: runs.cut(gone, 3, p),
      findings: findings[p] ?? EMPTY, converted: converted[p] ?? EMPTY, readBelow: below[p] ? [...below[p]!].map(ownName) : EMPTY,
    });
  }
  return out;
}

/** A rule's findings in a batch, each given to its part, in the terms a digest keeps (no piece of the document's text). */
function keepFindings(rule: PipelineRule, found: readonly PipelineFinding[], starts: readonly number[], findings: Array<PipelineDigest['findings'][number][] | undefined>): void {
  // Most lists are empty literals, whose elements V8 stores as another kind than a filled list's: not read at all.
  if (found.length === 0) return;
  for (let k = 0; k < found.length; k++) {
    const f = found[k];
    const d = diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f);
    d.message = flatCopy(d.message);
    if (d.data !== undefined) d.data = JSON.parse(JSON.stringify(d.data)) as unknown;
    (findings[lineOf(starts, d.start)] ??= []).push({ diagnostic: d, unlessConverted: f.unlessConverted, unlessWritten: f.unlessWritten?.map(ownName) });
  }
}

/** Where each part's run starts in each of a batch's lists (4 of them), the parts reached in order. */
class Runs {
  private readonly from: Int32Array;
  private reached = -1;

  constructor(parts: number) {
    this.from = new Int32Array(4 * (parts + 1));
  }

  /** Part `part` is reached with the lists at these lengths: it and any part passed over start there. */
  reach(part: number, a: number, b: number, c: number, d: number): void {
    for (let p = this.reached + 1; p <= part; p++) {
      this.from[4 * p] = a;
      this.from[4 * p + 1] = b;
      this.from[4 * p + 2] = c;
      this.from[4 * p + 3] = d;
    }
    if (part > this.reached) this.reached = part;
  }

  /** Part `part`'s run of list `which`, at its exact size (an empty one shared). */
  cut<T>(list: T[], which: number, part: number): readonly T[] {
    const start = this.from[4 * part + which];
    const end = this.from[4 * (part + 1) + which];
    return end > start ? list.slice(start, end) : EMPTY;
  }
}

const EMPTY: readonly never[] = [];

/** A written name's joined path. */
function nameOf(write: string | NamedRef): string {
  return typeof write === 'string' ? write : write.joinedPath;
}

/** Every path the written paths make: each of them and each object above it (prefixes interned: `childPath`). */
/** The first names of the paths written or read below them. */
function namespacesOf(written: ReadonlySet<string>, parts: readonly Part[]): Set<string> {
  const out = new Set<string>();
  for (const joined of written) {
    const path = pathOf(joined);
    if (path.length > 1) out.add(path[0]);
  }
  for (const { digest } of parts) for (const name of digest.readBelow) out.add(name);
  return out;
}

function madeBy(written: ReadonlySet<string>): Set<string> {
  const made = new Set<string>();
  for (const joined of written) {
    const path = pathOf(joined);
    let prefix = path[0];
    made.add(prefix);
    for (let i = 1; i < path.length; i++) made.add((prefix = childPath(prefix, path[i])));
  }
  return made;
}

function shift(span: Span, by: number): Span {
  return { start: span.start + by, end: span.end + by };
}
