// Diagnostics of an ingest pipeline: the name rules of event keys on every field it writes (the same verdicts),
// a likely-typo warning on names it reads inside a defined set, and the pipeline's own rules (pipelineRules.ts).
// A pipeline read as units (document/pipeline/pipelineUnits.ts) is checked as an event document is: what follows
// from one processor's text (its written names, what it removes or converts, its own findings, some of them void if
// another processor says so) is digested once per unit and kept while the unit is unchanged; the whole pipeline is
// then judged from those digests (what is removed later, the facts that void a finding, the name rules).
import { EventView, NamedRef } from '../../document/fieldRefs';
import type { Span } from '../../document/model';
import { PipelineDocument, PlacedUnit, skeletonView, unitDocument } from '../../document/pipeline/pipelineDocument';
import type { PipelineDigest } from '../featureCaches';
import type { FwDiagnostic } from '../types';
import { diagnostic, unitDiagnostics } from '../unitDiagnostics';
import type { PipelineEnv } from './pipelineEnv';
import { PipelineFacts, stands } from './pipelineRule';
import { pipelineRules } from './pipelineRules';
import { convertedFields } from './pipelineTypeRules';
import { isWrite, removedAfter, removesField, sliceOf } from './pipelineViews';

const processorRules = pipelineRules.filter((r) => r.scope === 'processor');

/** A digest and where its offsets start in the document. */
interface Part {
  digest: PipelineDigest;
  at: number;
}

/** Every diagnostic of a pipeline document, document offsets, sorted, with the settings applied. */
export function checkPipeline(doc: PipelineDocument, env: PipelineEnv): FwDiagnostic[] {
  if (!doc.units) return judge(doc, doc, [{ digest: digestOf(doc, env), at: 0 }], env);
  // The skeleton's processors (the pipeline-level on_failure) come after the top-level ones, as a whole parse walks them.
  const skeleton = skeletonView(doc, env.processors);
  const parts = doc.units.units.map((placed) => ({ digest: unitDigest(doc, placed, env), at: placed.start }));
  parts.push({ digest: digestOf(skeleton, env), at: 0 });
  return judge(doc, skeleton, parts, env);
}

/** The whole pipeline judged from its parts' digests; `body` holds the pipeline object (the body rules read it). */
function judge(doc: PipelineDocument, body: PipelineDocument, parts: readonly Part[], env: PipelineEnv): FwDiagnostic[] {
  let facts: PipelineFacts | undefined;
  const factsOf = (): PipelineFacts => (facts ??= {
    converted: new Set(parts.flatMap((p) => p.digest.converted)),
    written: new Set(parts.flatMap((p) => p.digest.written)),
    made: new Set(parts.flatMap((p) => p.digest.made)),
  });
  // Where each removed path's last removal stands (a later part's removal of the same path wins, as a whole walk sets it).
  const gone = new Map<string, number>();
  for (const { digest, at } of parts) for (const g of digest.gone) gone.set(g.path, g.at + at);
  const removedLater = removedAfter(gone);
  const refs: NamedRef[] = [];
  for (const { digest, at } of parts) {
    for (const w of digest.writes) {
      if (removedLater(w.path, w.segments[0].start + at)) continue;
      refs.push(new NamedRef(w.path, at === 0 ? w.segments : w.segments.map((s) => shift(s, at)), w.role, w.access, refs.length, w.detail));
    }
  }
  const own = (): FwDiagnostic[] => pipelineRules.flatMap((rule) => {
    if (rule.scope === 'body') return rule.check(body, env).filter((f) => stands(f, factsOf)).map((f) => diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f));
    const out: FwDiagnostic[] = [];
    for (const { digest, at } of parts) {
      for (const f of digest.findings) {
        if (f.diagnostic.code !== rule.code || !stands(f, factsOf)) continue;
        out.push(at === 0 ? f.diagnostic : { ...f.diagnostic, start: f.diagnostic.start + at, end: f.diagnostic.end + at });
      }
    }
    return out;
  });
  return unitDiagnostics(doc.errors, new EventView(sliceOf(doc), refs), own, env);
}

/** A unit's digest, from the cache while its text (the unit object), the catalog and the table are the same. */
function unitDigest(doc: PipelineDocument, placed: PlacedUnit, env: PipelineEnv): PipelineDigest {
  const cache = env.caches.pipelineUnits;
  const known = cache.get(placed.unit);
  if (known && known.catalog === env.catalog && known.table === env.processors) return known.digest;
  const digest = digestOf(unitDocument(doc, placed, env.processors), env);
  cache.set(placed.unit, { catalog: env.catalog, table: env.processors, digest });
  return digest;
}

/** What a document's processors give the whole pipeline (its own offsets): the processor rules' findings and the facts. */
function digestOf(doc: PipelineDocument, env: PipelineEnv): PipelineDigest {
  const written: string[] = [];
  const made: string[] = [];
  for (const r of doc.refs) {
    if (r.access !== 'write') continue;
    written.push(r.joinedPath);
    for (let i = 1; i <= r.path.length; i++) made.push(i === r.path.length ? r.joinedPath : r.path.slice(0, i).join('.'));
  }
  const findings: Array<PipelineDigest['findings'][number]> = [];
  for (const rule of processorRules) {
    for (const f of rule.check(doc, env)) {
      findings.push({ diagnostic: diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f), unlessConverted: f.unlessConverted, unlessWritten: f.unlessWritten });
    }
  }
  return {
    writes: doc.refs.filter(isWrite),
    gone: doc.refs.filter(removesField).map((r) => ({ path: r.joinedPath, at: r.segments[0].start })),
    findings,
    converted: convertedFields(doc, env),
    written,
    made,
  };
}

function shift(span: Span, by: number): Span {
  return { start: span.start + by, end: span.end + by };
}
