// A Logstash pipeline's diagnostics: its syntax problems, the name rules over every name it writes (with the verdict
// an event key gets, features/findings.ts), and its own rules (logstashRules.ts). A name written and removed later
// (in this file, in mutate's order, or in a later file of the pipeline) never reaches an event: the name rules skip
// it; so do `[@metadata]` fields, Logstash's own.
import { type EcsMode, loadLogstashPluginTable } from '../../catalog/logstashPlugins';
import { childPath, EventView } from '../../document/fieldRefs';
import type { FeatureEnv } from '../../features/env';
import { diagnostic, documentDiagnostics } from '../../features/findings';
import type { FwDiagnostic } from '../../features/types';
import type { ConfigRef } from './configRefs';
import type { LogstashDocument } from './logstashDocument';
import { type LogstashCheck, logstashRules } from './logstashRules';
import { pipelineContext } from './pipelineFiles';

/** What the rules read, in the pipeline's mode; the same for every rule of one check. */
export function logstashCheck(doc: LogstashDocument, env: FeatureEnv): LogstashCheck {
  const table = loadLogstashPluginTable();
  const context = pipelineContext(doc.tree, env, table);
  const { refs, sites } = doc.refs(context.mode);
  const written = new Set<string>(context.writtenElsewhere);
  const containers: string[] = [];
  for (const r of refs) {
    if (!isWrite(r)) continue;
    if (r.container) containers.push(r.ref.joinedPath);
    else written.add(r.ref.joinedPath);
  }
  const made = new Set<string>(containers);
  // Paths whose every prefix is in `made` already: a walk from the longest prefix stops at one.
  const closed = new Set<string>();
  for (const path of written) {
    for (let prefix = path, at = path.length; !closed.has(prefix); ) {
      closed.add(prefix);
      made.add(prefix);
      at = path.lastIndexOf('.', at - 1);
      if (at < 0) break;
      prefix = path.slice(0, at);
    }
  }
  return { doc, refs, sites, context, table, written, made };
}

function rootOf(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

function isWrite(r: ConfigRef): boolean {
  return (r.access === 'write' || r.access === 'update') && !r.metadata && r.ref.path[0] !== '';
}

/**
 * The writes the name rules judge: those outside `[@metadata]` that no later removal (or move away) takes out again:
 * a removal in the same branch of conditionals as the write, or in a branch around it, or in a later file of the
 * pipeline outside any conditional. A removal inside a conditional the write is not in may not run: the write stands.
 */
export function judgedWrites(check: LogstashCheck): ConfigRef[] {
  const { refs, context } = check;
  const removals = new Map<string, Array<{ order: number; scope: string }>>();
  for (const r of refs) {
    if ((r.access !== 'remove' && r.access !== 'move') || r.ref.path[0] === '') continue;
    const list = removals.get(r.ref.joinedPath);
    if (list) list.push({ order: r.order, scope: r.scope });
    else removals.set(r.ref.joinedPath, [{ order: r.order, scope: r.scope }]);
  }
  // Most writes name no root anything removes: those are judged without walking their prefixes.
  const removedRoots = new Set<string>();
  for (const path of removals.keys()) removedRoots.add(rootOf(path));
  for (const path of context.removedAfter) removedRoots.add(rootOf(path));
  const out: ConfigRef[] = [];
  for (const r of refs) {
    if (!isWrite(r)) continue;
    const path = r.ref.path;
    let temporary = false;
    if (removedRoots.has(path[0])) {
      let prefix = path[0];
      for (let i = 0; ; ) {
        if (context.removedAfter.has(prefix) || removals.get(prefix)?.some((x) => x.order > r.order && r.scope.startsWith(x.scope))) {
          temporary = true;
          break;
        }
        if (++i >= path.length) break;
        prefix = childPath(prefix, path[i]);
      }
    }
    if (!temporary) out.push(r);
  }
  return out;
}

/**
 * The document's diagnostics, and the ECS mode its pipeline runs its plugins in (the features after the check read it);
 * it yields after the references and after each Logstash rule, so that requests get in.
 */
export function* checkLogstash(doc: LogstashDocument, env: FeatureEnv): Generator<void, { diagnostics: FwDiagnostic[]; mode: EcsMode }, void> {
  const check = logstashCheck(doc, env);
  yield;
  const judged = judgedWrites(check);
  const own: FwDiagnostic[] = [];
  for (const rule of logstashRules) {
    for (const f of rule.check(check, env)) own.push(diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f));
    yield;
  }
  const view = new EventView({ index: 0, start: 0, text: doc.text, root: undefined, errors: [] }, judged.map((r) => r.ref));
  const ownCodes = new Set(own.map((d) => d.code));
  return { diagnostics: explainImplied(documentDiagnostics(doc.errors, view, () => own, env), judged, ownCodes), mode: check.context.mode };
}

/**
 * A name a plugin writes without naming it is judged on the plugin's (or the grok pattern's) name: its finding says
 * so, and the same finding about several of its fields (geoip's `ip_traits.*`) is given once. The plugin rules'
 * findings (`pluginCodes`) sit on the same name but are about the plugin, not a field it writes: left as they are.
 */
function explainImplied(found: FwDiagnostic[], judged: readonly ConfigRef[], pluginCodes: ReadonlySet<string>): FwDiagnostic[] {
  const at = new Map<number, FwDiagnostic[]>();
  for (const d of found) {
    if (d.code === 'syntax-error' || pluginCodes.has(d.code)) continue;
    const list = at.get(d.start);
    if (list) list.push(d);
    else at.set(d.start, [d]);
  }
  const why = new Map<FwDiagnostic, string>();
  for (const r of judged) {
    if (!r.ref.detail.implied || !r.site) continue;
    const span = r.ref.segments[0];
    const here = at.get(span.start);
    if (!here) continue;
    const pattern = r.ref.role === 'pattern' || r.ref.detail.captureType !== undefined || span.start !== r.site.node.nameSpan.start;
    const what = pattern ? 'the named grok pattern writes it' : `${r.site.node.name} writes it without naming it`;
    for (const d of here) if (d.end === span.end && !why.has(d)) why.set(d, `${what}, ECS compatibility ${r.site.mode}`);
  }
  if (why.size === 0) return found;
  const seen = new Set<string>();
  const out: FwDiagnostic[] = [];
  for (const d of found) {
    const reason = why.get(d);
    if (reason === undefined) {
      out.push(d);
      continue;
    }
    const shown = { ...d, message: `${d.message} (${reason})` };
    const key = `${shown.code}\u0000${shown.start}\u0000${shown.end}\u0000${shown.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(shown);
  }
  return out;
}
