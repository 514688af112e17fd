// Diagnostics of a whole document: every rule on every event (cached per event), rebased to document offsets,
// with the settings applied: severities per code, codes switched off per file, YAML disable-line comments.
import type { EventDocument } from './eventDocument';
import type { FeatureEnv } from '../../features/env';
import type { FwDiagnostic, Severity } from '../../features/types';
import { diagnosticSettings, problemDiagnostic, suppressionOf } from '../../features/findings';
import { eventDiagnostics } from './eventFindings';
import { lineDisabled } from './lineDisables';
import type { Rule } from '../../features/rule';
import { rules } from './rules';

export { rules } from './rules';
export type { Rule, RuleContext, Finding } from '../../features/rule';
export { eventDiagnostics } from './eventFindings';
export { lineDisabled } from './lineDisables';
export { createRuleContext } from '../../features/names/ruleContext';

/** Thrown by checkDocument when `isCancelled` answers true between two events. */
export class DiagnosticsCancelled extends Error {
  constructor() {
    super('diagnostics cancelled');
    this.name = 'DiagnosticsCancelled';
  }
}

export function ruleFor(code: string): Rule | undefined {
  return rules.find((r) => r.code === code);
}

interface PerFile {
  rule: Rule;
  first?: FwDiagnostic;
  count: number;
}


/** All diagnostics of a document, document offsets, sorted by position. */
export function checkDocument(doc: EventDocument, env: FeatureEnv, isCancelled?: () => boolean): FwDiagnostic[] {
  const { off, severityOf } = diagnosticSettings(env);
  if (off.has('*')) return [];
  const perFile = new Map<string, PerFile>(rules.filter((r) => r.perFile).map((rule) => [rule.code, { rule, count: 0 }]));
  let out: FwDiagnostic[] = [];
  for (const event of doc.events) {
    if (isCancelled?.()) throw new DiagnosticsCancelled();
    const found = eventDiagnostics(event, env);
    // Indexed, not for-of: an iterator per event shows on large documents, where most events have no diagnostic.
    for (let i = 0; i < found.length; i++) {
      const d = found[i];
      const once = perFile.get(d.code);
      if (once) once.count++;
      if (off.has(d.code) || lineDisabled(event, d)) continue;
      const rebased = rebase(d, severityOf(d), event.start);
      if (!once) out.push(rebased);
      else once.first ??= rebased;
    }
  }
  for (const e of doc.errors) {
    const d = problemDiagnostic(e);
    if (!off.has(d.code)) out.push({ ...d, severity: severityOf(d) });
  }
  const suppressed = suppressionOf([...perFile.values()].filter((p) => p.count > 0).map((p) => p.rule));
  out = out.filter((d) => !suppressed(d));
  for (const { first, count } of perFile.values()) {
    if (first) out.push(count > 1 ? { ...first, message: `${first.message} (${count} times in this file)` } : first);
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The diagnostic at document offsets with its effective severity, fields in the same order as the original. Copied
 * field by field: `{ ...d, severity, start, end }` takes a slow path in V8, once for every diagnostic of a document.
 */
function rebase(d: FwDiagnostic, severity: Severity, shift: number): FwDiagnostic {
  const out: FwDiagnostic = { code: d.code, severity, message: d.message, start: d.start + shift, end: d.end + shift };
  if ('data' in d) out.data = d.data;
  if ('tags' in d) out.tags = d.tags;
  return out;
}


/** The diagnostics the once-per-file rules firing in `doc` hide: quick fixes must not repair what is not shown. */
export function documentSuppression(doc: EventDocument, env: FeatureEnv): (d: FwDiagnostic) => boolean {
  const perFile = rules.filter((r) => r.perFile);
  const firing = perFile.filter((rule) => doc.events.some((event) => eventDiagnostics(event, env).some((d) => d.code === rule.code)));
  return suppressionOf(firing);
}
