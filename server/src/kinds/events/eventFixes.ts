// Quick fixes for the diagnostics in a range, and "fix all of this kind in the file" (document offsets out).
// Fixes are computed from the current text, never trusted from the editor's copy of a diagnostic; the work per
// request stays linear in the document, also for a range over a file with a hundred thousand diagnostics.
import { eventAt } from './eventDocument';
import { EventView } from '../../document/fieldRefs';
import type { EventSlice, Span } from '../../document/model';
import type { EventDocument } from './eventDocument';
import { eventWith } from './parsedEvent';
import { disabledLines as parseDisabledLines } from '../../document/syntaxes/yaml/disableComments';
import { applyEdits, minimalEdit, reread } from './edits';
import type { FeatureEnv } from '../../features/env';
import { createRuleContext, documentSuppression, eventDiagnostics, lineDisabled, ruleFor } from './eventDiagnostics';
import type { Rule, RuleContext } from '../../features/rule';
import { disabledCodes } from '../../features/fileSettings';
import type { FwDiagnostic, QuickFix, TextEdit } from '../../features/types';

/** Individual fixes are computed for at most this many diagnostics of a range (an editor shows a few at a time). */
const MAX_DIAGNOSTICS_WITH_FIXES = 100;

/** Fix-all applies each round's non-colliding fixes at once, then re-reads the event; colliding ones wait a round. */
const MAX_FIX_ROUNDS = 8;

/** What a fix-all may add to an event beyond doubling it (inserted fields into a tiny event). */
const GROWTH_ALLOWANCE = 4096;

/**
 * `deferFixAll`: fix-all actions go without their edits (`deferred`), made by `fixAllOf` when the client resolves the
 * one the user picks: on an event of 100,000 dotted keys they are megabytes, and editors ask at every caret move.
 */
export function codeActions(
  doc: EventDocument, env: FeatureEnv, range: Span, shown: readonly FwDiagnostic[], diagnostics: readonly FwDiagnostic[], deferFixAll = false,
): QuickFix[] {
  const inRange = shown.filter((d) => d.start <= range.end && d.end >= range.start);
  const clientCopies = new Map(diagnostics.map((c) => [identity(c), c]));
  const contexts = new Map<EventSlice, RuleContext>();
  const contextOf = (event: EventSlice): RuleContext => {
    let ctx = contexts.get(event);
    if (!ctx) contexts.set(event, (ctx = createRuleContext(event, env)));
    return ctx;
  };
  const out: QuickFix[] = [];
  const fileWide = new Map<string, TextEdit[]>();
  for (const d of inRange.slice(0, MAX_DIAGNOSTICS_WITH_FIXES)) {
    const rule = ruleFor(d.code);
    if (!rule?.fixes) continue;
    const clientCopy = clientCopies.get(identity(d)) ?? d;
    if (rule.perFile) {
      // The one diagnostic stands for every occurrence in the file: so does its fix.
      let edits = fileWide.get(rule.code);
      if (!edits) fileWide.set(rule.code, (edits = fixAllEdits(doc, env, rule, contextOf)));
      if (edits.length > 0) out.push({ title: rule.fixAllTitle ?? `Fix '${rule.code}' in the file`, code: rule.code, kind: 'quickfix', isPreferred: true, edits, diagnostic: clientCopy });
      continue;
    }
    const event = eventAt(doc, d.start);
    const local = { ...d, start: d.start - event.start, end: d.end - event.start };
    for (const fix of rule.fixes(local, contextOf(event))) {
      out.push({ ...fix, edits: fix.edits.map((e) => shift(e, event.start)), diagnostic: clientCopy });
    }
  }
  for (const code of new Set(inRange.map((d) => d.code))) {
    const rule = ruleFor(code);
    if (!rule?.fixes || countFixable(doc, env, rule) < 2) continue;
    const title = rule.fixAllTitle ?? `Fix all '${code}' problems in the file`;
    const known = fileWide.get(code);
    if (deferFixAll && !known) {
      out.push({ title, code, kind: 'source.fixAll', edits: [], deferred: true });
      continue;
    }
    const edits = known ?? fixAllEdits(doc, env, rule, contextOf);
    if (edits.length > 0) out.push({ title, code, kind: 'source.fixAll', edits });
  }
  return out;
}

/** The edits of a deferred fix-all: every diagnostic of `code` in the document fixed (none for a code without fixes). */
export function fixAllOf(doc: EventDocument, env: FeatureEnv, code: string): TextEdit[] {
  const rule = ruleFor(code);
  return rule?.fixes ? fixAllEdits(doc, env, rule) : [];
}

function identity(d: FwDiagnostic): string {
  return `${d.code}\u0000${d.start}\u0000${d.end}`;
}

type Hidden = (d: FwDiagnostic) => boolean;

/** The rule's diagnostics of one event that are shown (settings, disable comments and once-per-file rules allowing). */
function fixableIn(event: EventSlice, env: FeatureEnv, rule: Rule, hidden: Hidden): FwDiagnostic[] {
  return eventDiagnostics(event, env).filter((d) => d.code === rule.code && !lineDisabled(event, d) && !hidden(d));
}

function countFixable(doc: EventDocument, env: FeatureEnv, rule: Rule): number {
  if (disabledCodes(env.settings, env.file).has(rule.code)) return 0;
  const hidden = documentSuppression(doc, env);
  let count = 0;
  for (const event of doc.events) {
    count += fixableIn(event, env, rule, hidden).length;
    if (count >= 2) break;
  }
  return count;
}

/**
 * Edits that fix every diagnostic of the rule in the document, one edit per event at most. `contextOf` shares the
 * request's rule contexts: a context parses its event, and one request parses an event at most once.
 */
export function fixAllEdits(
  doc: EventDocument, env: FeatureEnv, rule: Rule, contextOf: (event: EventSlice) => RuleContext = (event) => createRuleContext(event, env),
): TextEdit[] {
  if (disabledCodes(env.settings, env.file).has(rule.code)) return [];
  const hidden = documentSuppression(doc, env);
  const out: TextEdit[] = [];
  for (const event of doc.events) {
    const found = fixableIn(event, env, rule, hidden);
    if (found.length === 0) continue;
    const edits = rule.fixEvent ? rule.fixEvent(found, contextOf(event)) : fixInRounds(event, env, rule, hidden);
    out.push(...edits.map((e) => shift(e, event.start)));
  }
  return out;
}

/**
 * Applies the first fix of every diagnostic of the rule that does not collide with another, re-reads the event,
 * and repeats for what is left: fixes that touch one place (two insertions into one object) compose in turn.
 */
function fixInRounds(event: EventSlice, env: FeatureEnv, rule: Rule, hidden: Hidden): TextEdit[] {
  let view = new EventView(eventWith(event, { start: 0 }));
  let text = event.text;
  for (let round = 0; round < MAX_FIX_ROUNDS; round++) {
    const ctx = createRuleContext(view, env);
    const lines = parseDisabledLines(text);
    const slice = eventWith(view.slice, { root: view.root, disabledLines: lines, lineStarts: undefined });
    const pending = rule.check(ctx, ctx.env)
      .map((f): FwDiagnostic => ({ ...f, code: rule.code, severity: rule.defaultSeverity }))
      .filter((d) => !hidden(d) && !lineDisabled(slice, d));
    const accepted = compatible(pending.map((d) => rule.fixes?.(d, ctx)[0]?.edits ?? []).filter((edits) => edits.length > 0));
    if (accepted.length === 0) break;
    text = applyEdits(text, accepted);
    // Fixes rename and insert names: they never multiply an event. One that grows it past this (a key the parser
    // recovered from broken text, re-quoted each round) does not converge, and no fix-all is offered for it.
    if (text.length > 2 * event.text.length + GROWTH_ALLOWANCE) return [];
    view = reread(text, env.format);
  }
  return text === event.text ? [] : [minimalEdit(event.text, { start: 0, end: event.text.length, newText: text })];
}

/** The edits of the fixes that can be applied together, taken in order of position; the others wait. */
function compatible(fixes: TextEdit[][]): TextEdit[] {
  const spans = fixes.map((edits) => ({ edits, start: Math.min(...edits.map((e) => e.start)), end: Math.max(...edits.map((e) => e.end)) }));
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  const out: TextEdit[] = [];
  let end = -1;
  let lastStart = -1;
  for (const span of spans) {
    // Touching text already changed, or inserting where another fix inserts: next round.
    if (span.start < end || span.start === lastStart) continue;
    out.push(...span.edits);
    end = Math.max(end, span.end);
    lastStart = span.start;
  }
  return out;
}

function shift(edit: TextEdit, by: number): TextEdit {
  return { start: edit.start + by, end: edit.end + by, newText: edit.newText };
}
