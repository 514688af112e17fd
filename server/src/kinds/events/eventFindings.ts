// An event's diagnostics before settings apply (local offsets, default severities), cached by the event's key:
// events unchanged since the previous version keep it (their tree may be dropped and rebuilt), so an edit re-checks only what it touched.
import type { DocumentFormat, EventSlice } from '../../document/model';
import { eventKey } from './parsedEvent';
import type { FeatureEnv } from '../../features/env';
import type { FwDiagnostic } from '../../features/types';
import type { CacheSlot } from '../../features/featureCaches';
import type { Catalog } from '../../catalog/types';
import { createRuleContext } from '../../features/names/ruleContext';
import type { Rule } from '../../features/rule';
import { rules } from './rules';

// Each rule's check read once: `rule.check` on dozens of differently shaped rule objects is a megamorphic load, per rule and event.
const checks: ReadonlyArray<Rule['check']> = rules.map((rule) => rule.check);

/** An event's findings before settings apply, and what they were computed with. */
interface EventFindings {
  catalog: Catalog;
  format: DocumentFormat;
  dottedKeys: boolean;
  diagnostics: FwDiagnostic[];
}

/** By `eventKey`: an event unchanged since the previous version is not checked again (weak: a closed document's go with it). */
const findingsSlot: CacheSlot<WeakMap<object, EventFindings>> = { name: 'event findings', create: () => new WeakMap() };

/** Whether the event's findings under `env` are known (checking it again would be served from the cache). */
export function hasFindings(event: EventSlice, env: FeatureEnv): boolean {
  const hit = env.caches.slot(findingsSlot).get(eventKey(event));
  return hit !== undefined && hit.catalog === env.catalog && hit.format === env.format && hit.dottedKeys === env.dottedKeys;
}

/** How many events were checked (not served from the cache) since the process started: for tests and benchmarks. */
export const checkCounter = { events: 0 };

export function eventDiagnostics(event: EventSlice, env: FeatureEnv): FwDiagnostic[] {
  const key = eventKey(event);
  const cache = env.caches.slot(findingsSlot);
  const hit = cache.get(key);
  if (hit && hit.catalog === env.catalog && hit.format === env.format && hit.dottedKeys === env.dottedKeys) return hit.diagnostics;
  checkCounter.events++;
  const diagnostics = checkEvent(event, env);
  cache.set(key, { catalog: env.catalog, format: env.format, dottedKeys: env.dottedKeys, diagnostics });
  return diagnostics;
}

function checkEvent(event: EventSlice, env: FeatureEnv): FwDiagnostic[] {
  const ctx = createRuleContext(event, env);
  const diagnostics: FwDiagnostic[] = [];
  for (let r = 0; r < checks.length; r++) {
    const rule = rules[r];
    const findings = checks[r](ctx, env);
    // Indexed: most rules find nothing, and an iterator per rule and event is measurable on large documents.
    for (let i = 0; i < findings.length; i++) {
      const finding = findings[i];
      const diagnostic: FwDiagnostic = { code: rule.code, severity: rule.defaultSeverity, message: finding.message, start: finding.start, end: finding.end };
      if (finding.data !== undefined) diagnostic.data = finding.data;
      if (finding.tags) diagnostic.tags = finding.tags;
      diagnostics.push(diagnostic);
    }
  }
  return diagnostics;
}
