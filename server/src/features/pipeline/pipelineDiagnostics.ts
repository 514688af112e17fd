// Diagnostics of an ingest pipeline: the name rules of event keys on every field it writes (the same verdicts),
// a likely-typo warning on names it reads inside a defined set, and the pipeline's own rules (pipelineRules.ts).
import type { PipelineDocument } from '../../document/pipeline/pipelineDocument';
import { createRuleContext, diagnosticSettings, rules, suppressionOf } from '../diagnostics';
import type { Finding, Rule } from '../diagnostics/rule';
import { syntaxError } from '../diagnostics/rules/syntaxError';
import type { FwDiagnostic, Severity } from '../types';
import type { PipelineEnv } from './pipelineEnv';
import { pipelineRules } from './pipelineRules';
import { writtenView } from './pipelineViews';

/** The rules of event keys that judge a name alone: they run on a pipeline's written names. */
const nameRules: readonly Rule[] = rules.filter((r) => r.reads === 'names');

/** A diagnostic before settings apply: the code, its default severity and a finding. */
function diagnostic(code: string, severity: Severity, f: Finding): FwDiagnostic {
  const d: FwDiagnostic = { code, severity, message: f.message, start: f.start, end: f.end };
  if (f.data !== undefined) d.data = f.data;
  if (f.tags) d.tags = f.tags;
  return d;
}

/** Every diagnostic of a pipeline document, document offsets, sorted, with the settings applied. */
export function checkPipeline(doc: PipelineDocument, env: PipelineEnv): FwDiagnostic[] {
  const { off, severityOf } = diagnosticSettings(env);
  if (off.has('*')) return [];
  const found: FwDiagnostic[] = [];
  for (const e of doc.errors) found.push({ code: syntaxError.code, severity: syntaxError.defaultSeverity, message: e.message, start: e.start, end: e.end });
  const written = writtenView(doc);
  const ctx = createRuleContext(written, env);
  const perFile = new Map<string, { first: FwDiagnostic; count: number; rule: Rule }>();
  for (const rule of nameRules) {
    for (const f of rule.check(ctx)) {
      const d = diagnostic(rule.code, rule.defaultSeverity, f);
      if (!rule.perFile) {
        found.push(d);
        continue;
      }
      const once = perFile.get(rule.code);
      if (once) once.count++;
      else perFile.set(rule.code, { first: d, count: 1, rule });
    }
  }
  for (const rule of pipelineRules) for (const f of rule.check(doc, env)) found.push(diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f));
  const suppressed = suppressionOf([...perFile.values()].map((p) => p.rule));
  const out: FwDiagnostic[] = [];
  for (const d of found) if (!off.has(d.code) && !suppressed(d)) out.push({ ...d, severity: severityOf(d) });
  for (const { first, count } of perFile.values()) {
    if (off.has(first.code)) continue;
    out.push({ ...first, severity: severityOf(first), message: count > 1 ? `${first.message} (${count} times in this file)` : first.message });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
