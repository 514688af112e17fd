// A Logstash pipeline's diagnostics: its syntax problems, the name rules over every name it writes (with the verdict
// an event key gets, features/findings.ts), and its own rules (logstashRules.ts). A name written and removed later
// (in this file, in mutate's order, or in a later file of the pipeline) never reaches an event: the name rules skip
// it; so do `[@metadata]` fields, Logstash's own.
import { type EcsMode, loadLogstashPluginTable } from '../../catalog/logstashPlugins';
import { EventView } from '../../document/fieldRefs';
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
  for (const path of written) {
    let at = path.indexOf('.');
    while (at >= 0) {
      made.add(path.slice(0, at));
      at = path.indexOf('.', at + 1);
    }
    made.add(path);
  }
  return { doc, refs, sites, context, table, written, made };
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
  const out: ConfigRef[] = [];
  for (const r of refs) {
    if (!isWrite(r)) continue;
    let temporary = false;
    let prefix = '';
    for (const name of r.ref.path) {
      prefix = prefix === '' ? name : `${prefix}.${name}`;
      if (context.removedAfter.has(prefix) || removals.get(prefix)?.some((x) => x.order > r.order && r.scope.startsWith(x.scope))) {
        temporary = true;
        break;
      }
    }
    if (!temporary) out.push(r);
  }
  return out;
}

/** The document's diagnostics, and the ECS mode its pipeline runs its plugins in (the features after the check read it). */
export function checkLogstash(doc: LogstashDocument, env: FeatureEnv): { diagnostics: FwDiagnostic[]; mode: EcsMode } {
  const check = logstashCheck(doc, env);
  const judged = judgedWrites(check);
  const view = new EventView({ index: 0, start: 0, text: doc.text, root: undefined, errors: [] }, judged.map((r) => r.ref));
  const own = (): FwDiagnostic[] => logstashRules.flatMap((rule) => rule.check(check, env).map((f) => diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f)));
  return { diagnostics: explainImplied(documentDiagnostics(doc.errors, view, own, env), judged), mode: check.context.mode };
}

/**
 * A name a plugin writes without naming it is judged on the plugin's (or the grok pattern's) name: its finding says
 * so, and the same finding about several of its fields (geoip's `ip_traits.*`) is given once.
 */
function explainImplied(found: FwDiagnostic[], judged: readonly ConfigRef[]): FwDiagnostic[] {
  const implied = new Map<string, string>();
  for (const r of judged) {
    if (!r.ref.detail.implied || !r.site) continue;
    const at = r.ref.segments[0];
    const pattern = r.ref.role === 'pattern' || r.ref.detail.captureType !== undefined || at.start !== r.site.node.nameSpan.start;
    const what = pattern ? `the named grok pattern writes it` : `${r.site.node.name} writes it without naming it`;
    implied.set(`${at.start}:${at.end}`, `${what}, ECS compatibility ${r.site.mode}`);
  }
  if (implied.size === 0) return found;
  const seen = new Set<string>();
  const out: FwDiagnostic[] = [];
  for (const d of found) {
    const why = implied.get(`${d.start}:${d.end}`);
    const shown = why === undefined || d.code === 'syntax-error' ? d : { ...d, message: `${d.message} (${why})` };
    const key = `${shown.code}\u0000${shown.start}\u0000${shown.end}\u0000${shown.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(shown);
  }
  return out;
}
