// The diagnostics of a file kind that is one unit (not split into events): its syntax errors, the event rules that
// judge names (`reads: 'names'`) over the names it writes, and its own rules; settings applied once for all kinds.
import type { EventView } from '../../document/fieldRefs';
import type { SyntaxProblem } from '../../document/model';
import type { FeatureEnv } from '../env';
import type { FwDiagnostic, RuleInfo, Severity } from '../types';
import { createRuleContext } from './context';
import { diagnosticSettings, rules, suppressionOf } from './index';
import type { Finding, Rule } from './rule';
import { syntaxError } from './rules/syntaxError';

/** The rules of event keys that judge a name alone: they run on every file kind's written names. */
const nameRules: readonly Rule[] = rules.filter((r) => r.reads === 'names');

/** A finding of a kind's own rule, which may differ from the rule's default severity (the type table's verdict). */
export interface KindFinding extends Finding {
  severity?: Severity;
}

/** One of the kind's own rules: its contract and its findings on the document. */
export interface KindRuleRun {
  rule: RuleInfo;
  findings: readonly KindFinding[];
}

/** A diagnostic before settings apply: the code, its default severity and a finding. */
function diagnostic(code: string, severity: Severity, f: Finding): FwDiagnostic {
  const d: FwDiagnostic = { code, severity, message: f.message, start: f.start, end: f.end };
  if (f.data !== undefined) d.data = f.data;
  if (f.tags) d.tags = f.tags;
  return d;
}

/**
 * Every diagnostic of a one-unit document, document offsets, sorted, with the settings applied. `nameSeverity`
 * changes a name rule's default for the kind (a deprecated field is information in a mapping).
 */
export function checkUnit(
  errors: readonly SyntaxProblem[],
  written: EventView,
  own: () => readonly KindRuleRun[],
  env: FeatureEnv,
  nameSeverity: Readonly<Record<string, Severity>> = {},
): FwDiagnostic[] {
  const { off, severityOf } = diagnosticSettings(env);
  if (off.has('*')) return [];
  const found: FwDiagnostic[] = [];
  for (const e of errors) found.push({ code: syntaxError.code, severity: syntaxError.defaultSeverity, message: e.message, start: e.start, end: e.end });
  const ctx = createRuleContext(written, env);
  const perFile = new Map<string, { first: FwDiagnostic; count: number; rule: Rule }>();
  for (const rule of nameRules) {
    for (const f of rule.check(ctx)) {
      const d = diagnostic(rule.code, nameSeverity[rule.code] ?? rule.defaultSeverity, f);
      if (!rule.perFile) {
        found.push(d);
        continue;
      }
      const once = perFile.get(rule.code);
      if (once) once.count++;
      else perFile.set(rule.code, { first: d, count: 1, rule });
    }
  }
  for (const { rule, findings } of own()) for (const f of findings) found.push(diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f));
  const suppressed = suppressionOf([...perFile.values()].map((p) => p.rule));
  const out: FwDiagnostic[] = [];
  for (const d of found) if (!off.has(d.code) && !suppressed(d)) out.push({ ...d, severity: severityOf(d) });
  for (const { first, count } of perFile.values()) {
    if (off.has(first.code)) continue;
    out.push({ ...first, severity: severityOf(first), message: count > 1 ? `${first.message} (${count} times in this file)` : first.message });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
