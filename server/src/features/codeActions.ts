// Quick fixes for the diagnostics in a range, and "fix all of this kind in the file" (document offsets out).
// Fixes are computed from the current text, never trusted from the editor's copy of a diagnostic.
import { eventAt } from '../document/eventDocument';
import { EventView } from '../document/fieldRefs';
import type { EventSlice, ParsedDocument, Span } from '../document/model';
import { disabledLines as parseDisabledLines } from '../document/disableComments';
import { applyEdits, minimalEdit, reread } from './edits';
import type { FeatureEnv } from './env';
import { checkDocument, createRuleContext, documentSuppression, eventDiagnostics, lineDisabled, ruleFor } from './diagnostics';
import type { Rule } from './diagnostics/rule';
import { disabledCodes } from '../service/fileSettings';
import type { FwDiagnostic, QuickFix, TextEdit } from './types';

export function codeActions(doc: ParsedDocument, env: FeatureEnv, range: Span, diagnostics: FwDiagnostic[]): QuickFix[] {
  const shown = checkDocument(doc, env);
  const inRange = shown.filter((d) => d.start <= range.end && d.end >= range.start);
  const out: QuickFix[] = [];
  for (const d of inRange) {
    const rule = ruleFor(d.code);
    if (!rule?.fixes) continue;
    const clientCopy = diagnostics.find((c) => c.code === d.code && c.start === d.start && c.end === d.end) ?? d;
    if (rule.perFile) {
      // The one diagnostic stands for every occurrence in the file: so does its fix.
      const edits = fixAllEdits(doc, env, rule);
      if (edits.length > 0) out.push({ title: rule.fixAllTitle ?? `Fix '${rule.code}' in the file`, code: rule.code, kind: 'quickfix', isPreferred: true, edits, diagnostic: clientCopy });
      continue;
    }
    const event = eventAt(doc, d.start);
    const ctx = createRuleContext(event, env);
    const local = { ...d, start: d.start - event.start, end: d.end - event.start };
    for (const fix of rule.fixes(local, ctx)) {
      out.push({ ...fix, edits: fix.edits.map((e) => shift(e, event.start)), diagnostic: clientCopy });
    }
  }
  for (const code of new Set(inRange.map((d) => d.code))) {
    const rule = ruleFor(code);
    if (!rule?.fixes || countFixable(doc, env, rule) < 2) continue;
    const edits = fixAllEdits(doc, env, rule);
    if (edits.length > 0) out.push({ title: rule.fixAllTitle ?? `Fix all '${code}' problems in the file`, code, kind: 'source.fixAll', edits });
  }
  return out;
}

type Hidden = (d: FwDiagnostic) => boolean;

/** The rule's diagnostics of one event that are shown (settings, disable comments and once-per-file rules allowing). */
function fixableIn(event: EventSlice, env: FeatureEnv, rule: Rule, hidden: Hidden): FwDiagnostic[] {
  return eventDiagnostics(event, env).filter((d) => d.code === rule.code && !lineDisabled(event, d) && !hidden(d));
}

function countFixable(doc: ParsedDocument, env: FeatureEnv, rule: Rule): number {
  if (disabledCodes(env.settings, env.file).has(rule.code)) return 0;
  const hidden = documentSuppression(doc, env);
  let count = 0;
  for (const event of doc.events) count += fixableIn(event, env, rule, hidden).length;
  return count;
}

/** Edits that fix every diagnostic of the rule in the document, one edit per event at most. */
export function fixAllEdits(doc: ParsedDocument, env: FeatureEnv, rule: Rule): TextEdit[] {
  if (disabledCodes(env.settings, env.file).has(rule.code)) return [];
  const hidden = documentSuppression(doc, env);
  const out: TextEdit[] = [];
  for (const event of doc.events) {
    const found = fixableIn(event, env, rule, hidden);
    if (found.length === 0) continue;
    const edits = rule.fixEvent ? rule.fixEvent(found, createRuleContext(event, env)) : sequentialFix(event, env, rule, hidden, found.length);
    out.push(...edits.map((e) => shift(e, event.start)));
  }
  return out;
}

/**
 * Applies the rule's first fix, re-reads the event, and repeats while diagnostics of the rule remain and a fix
 * exists: fixes that touch the same place (two insertions into one object) compose instead of colliding.
 */
function sequentialFix(event: EventSlice, env: FeatureEnv, rule: Rule, hidden: Hidden, count: number): TextEdit[] {
  let view = new EventView({ ...event, start: 0 });
  let text = event.text;
  for (let round = 0; round <= count; round++) {
    const ctx = createRuleContext(view, env);
    const lines = parseDisabledLines(text);
    const pending = rule.check(ctx)
      .map((f): FwDiagnostic => ({ ...f, code: rule.code, severity: rule.defaultSeverity }))
      .filter((d) => !hidden(d) && !lineDisabled({ ...view.slice, disabledLines: lines, lineStarts: undefined }, d));
    const fix = pending.map((d) => rule.fixes?.(d, ctx)[0]).find((f) => f && f.edits.length > 0);
    if (!fix) break;
    text = applyEdits(text, fix.edits);
    view = reread(text, env.format);
  }
  return text === event.text ? [] : [minimalEdit(event.text, { start: 0, end: event.text.length, newText: text })];
}

function shift(edit: TextEdit, by: number): TextEdit {
  return { start: edit.start + by, end: edit.end + by, newText: edit.newText };
}
