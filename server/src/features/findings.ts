// Diagnostics of a document that a kind checks whole (a pipeline, a mapping, a field definitions file): its syntax
// errors, the name rules (scope `name`) over the names it writes, and the kind's own findings; the settings applied
// (every kind's: severities, codes switched off), each per-file rule collapsed to one diagnostic, sorted.
import type { EventView } from '../document/fieldRefs';
import type { SyntaxProblem } from '../document/model';
import { disabledCodes } from './fileSettings';
import type { Finding, Rule } from './rule';
import { aliasExpansionLimit, nameRules, syntaxError } from './rules';
import type { FeatureEnv } from './env';
import { nameFindings, Spellings } from './names/spellings';
import type { FwDiagnostic, Severity } from './types';

export { nameRules };

/** The codes switched off for the file (`*` for all) and each diagnostic's effective severity: every file kind's settings. */
export function diagnosticSettings(env: FeatureEnv): { off: Set<string>; severityOf(this: void, d: Pick<FwDiagnostic, 'code' | 'severity'>): Severity } {
  const overrides = env.settings.diagnostics.severity;
  return {
    off: disabledCodes(env.settings, env.file),
    severityOf(d) {
      const override = overrides[d.code];
      return override && override !== 'off' ? override : d.severity;
    },
  };
}

/** What the once-per-file rules that fire in a document hide (their cascade), as one predicate. */
export function suppressionOf(firing: readonly Rule[]): (d: FwDiagnostic) => boolean {
  const predicates = firing.map((r) => r.perFile?.suppresses).filter((p): p is (d: FwDiagnostic) => boolean => p !== undefined);
  return (d) => predicates.some((p) => p(d));
}

/** A parse problem as a diagnostic before settings apply: a syntax error, or the limit its code names. */
export function problemDiagnostic(e: SyntaxProblem): FwDiagnostic {
  const rule = e.code === aliasExpansionLimit.code ? aliasExpansionLimit : syntaxError;
  return { code: rule.code, severity: rule.defaultSeverity, message: e.message, start: e.start, end: e.end };
}

/** A diagnostic before settings apply: the code, its default severity and a finding. */
export function diagnostic(code: string, severity: Severity, f: Finding): FwDiagnostic {
  const d: FwDiagnostic = { code, severity, message: f.message, start: f.start, end: f.end };
  if (f.data !== undefined) d.data = f.data;
  if (f.tags) d.tags = f.tags;
  return d;
}

/**
 * Every diagnostic of a document of a kind checked whole: its syntax errors, the name rules over what it writes, and
 * the kind's own findings (`own`); document offsets, sorted, with the settings applied. `keepName` may drop a name
 * rule's diagnostic the kind words better itself (before per-file rules are counted); `nameSeverity` changes a name
 * rule's default for the kind (a deprecated field is information in a mapping).
 */
export function documentDiagnostics(
  errors: readonly SyntaxProblem[],
  written: EventView | Spellings,
  own: () => FwDiagnostic[],
  env: FeatureEnv,
  keepName: (d: FwDiagnostic) => boolean = () => true,
  nameSeverity: Readonly<Record<string, Severity>> = {},
): FwDiagnostic[] {
  const { off, severityOf } = diagnosticSettings(env);
  if (off.has('*')) return [];
  const found: FwDiagnostic[] = [];
  for (const e of errors) found.push(problemDiagnostic(e));
  const perFile = new Map<string, { first: FwDiagnostic; count: number; rule: Rule }>();
  const findings = nameFindings(nameRules, written, env);
  for (let r = 0; r < nameRules.length; r++) {
    const rule = nameRules[r];
    for (const f of findings[r]) {
      const d = diagnostic(rule.code, nameSeverity[rule.code] ?? rule.defaultSeverity, f);
      if (!keepName(d)) continue;
      if (!rule.perFile) {
        found.push(d);
        continue;
      }
      const once = perFile.get(rule.code);
      if (once) once.count++;
      else perFile.set(rule.code, { first: d, count: 1, rule });
    }
  }
  found.push(...own());
  const suppressed = suppressionOf([...perFile.values()].map((p) => p.rule));
  const out: FwDiagnostic[] = [];
  for (const d of found) if (!off.has(d.code) && !suppressed(d)) out.push({ ...d, severity: severityOf(d) });
  for (const { first, count } of perFile.values()) {
    if (off.has(first.code)) continue;
    out.push({ ...first, severity: severityOf(first), message: count > 1 ? `${first.message} (${count} times in this file)` : first.message });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
