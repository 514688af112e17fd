// What a Logstash config gives the workspace (docs/workspace.md, "What a file kind fills"): its field references as
// its rules read them (writes, reads, removals), the rename of a field in every spelling Logstash has (a selector's
// `[a][b]`, a bare name, a sprintf `%{...}`, a grok or dissect capture, a Ruby `event.get`), each rewritten in the
// file's own characters; its plugins' `id`s for the symbol search; and the links to other files: an elasticsearch
// output's `pipeline` to the ingest pipeline of that name, a pipeline output's `send_to` to the config whose pipeline
// input has that `address`.
import { loadLogstashPluginTable } from '../../catalog/logstashPlugins';
import type { ValueNode } from '../../document/syntaxes/logstash';
import type { FileLink, NamedPart, RefUse, RenameAnswer, TextEdit, WorkspaceRef } from '../../features/types';
import { isAtOrBelow, renamedPath, workspaceRef } from '../../features/workspaceRefs';
import type { ConfigRef, ConfigRefs } from './configRefs';
import type { LogstashDocument } from './logstashDocument';

/** What an ingest pipeline file answers to: the same text as the ingest pipeline kind's `answersTo` gives. */
export const INGEST_PIPELINE_NAMESPACE = 'ingest pipeline';
/** What a config with a `pipeline { address => x }` input answers to (pipeline-to-pipeline communication). */
export const PIPELINE_ADDRESS_NAMESPACE = 'Logstash pipeline address';

/**
 * The references the workspace reads: in Logstash 8's default mode, as `writtenFields` reads them (the index reads
 * files without their settings; a plugin's own `ecs_compatibility` still counts).
 */
function workspaceView(doc: LogstashDocument): ConfigRefs {
  return doc.refs(loadLogstashPluginTable().ecs.logstashDefault);
}

/** Whether a reference names an event field the workspace links (not Logstash's `[@metadata]`, not a rejected one). */
function linked(r: ConfigRef): boolean {
  return !r.metadata && r.ref.path[0] !== '';
}

/**
 * How many leading names of the reference's path a plugin's target gives (a grok capture under `target`, a csv column
 * under it): those are written at the target, and the reference's own place names the rest. The reader places the
 * target's names on the first own name; the written reference keeps them at the target's text.
 */
function targetNames(r: ConfigRef): number {
  const written = r.written;
  if (!written || written.form === 'bare') return 0;
  const own = r.ref.segments;
  let under = 0;
  while (under < written.segments.length - 1 && written.segments[under].start !== own[under].start) under++;
  return under;
}

function useOf(r: ConfigRef): RefUse {
  return r.access === 'write' || r.access === 'update' ? 'write' : 'read';
}

/** Every field reference of the config (a default write on its plugin's name), with what the config does with it. */
export function* logstashReferences(doc: LogstashDocument): Iterable<WorkspaceRef> {
  for (const r of workspaceView(doc).refs) {
    if (!linked(r)) continue;
    const place = workspaceRef(r.ref, useOf(r));
    const under = targetNames(r);
    yield under > 0 ? { ...place, first: under } : place;
  }
}

/** Characters no new name may hold: they would end a fragment or the string the reference is written in. */
const UNSAFE = /[[\]"'{}]/;

/**
 * The edits renaming `from` (and every field below it) to `to`, each reference rewritten in place in its own form:
 * a bracketed reference one name at a time (or its names rewritten as a run of `[...]` when their number changes), a
 * bare name as a bare name, or as `[a][b]` when it becomes nested (quoted where it was a bareword), a dotted literal
 * stays dotted. A reference written under a plugin's target that would leave it, or a literal key (a csv column) that
 * would become nested, refuses the rename with the reason.
 */
export function renameLogstash(doc: LogstashDocument, from: readonly string[], to: readonly string[]): RenameAnswer {
  const bad = to.find((name) => UNSAFE.test(name));
  if (bad !== undefined) return { refused: `'${bad}' cannot be a name in a Logstash field reference (it holds a bracket, a brace or a quote)` };
  const text = doc.text;
  const edits = new Map<string, TextEdit>();
  for (const r of workspaceView(doc).refs) {
    // A default write names nothing in the text (its place is the plugin's name): the target it follows is renamed.
    if (!linked(r) || r.ref.detail.implied || !r.written) continue;
    const path = r.ref.path;
    const under = targetNames(r);
    // Only the target's names change: the target's own reference is renamed, and this one follows it.
    if (under >= from.length || !isAtOrBelow(path, from)) continue;
    const next = renamedPath(path, from, to);
    if (next.slice(0, under).some((name, i) => name !== path[i])) {
      return { refused: `${r.ref.joinedPath} is written under the target ${path.slice(0, under).join('.')} of a ${r.site?.node.name ?? 'plugin'}; renaming it moves it out of there: change the target by hand first` };
    }
    const found = rewritten(text, r, under, next.slice(under));
    if (typeof found === 'string') return { refused: found };
    for (const edit of found) edits.set(`${edit.start}:${edit.end}`, edit);
  }
  return { edits: [...edits.values()].sort((a, b) => a.start - b.start) };
}

/** The reference's own names (after `under` target names) rewritten as `own`, in the form they are written in. */
function rewritten(text: string, r: ConfigRef, under: number, own: readonly string[]): TextEdit[] | string {
  const written = r.written!;
  const segments = written.segments.slice(under);
  const first = segments[0];
  const last = segments[segments.length - 1];
  const old = text.slice(first.start, last.end);
  // One span for several names: a dotted literal (`source.ip` bare, or a bare capture under a target); it stays dotted.
  const oneSpan = segments.length > 1 && segments.every((s) => s.start === first.start && s.end === first.end);
  if (written.form === 'bare' || oneSpan) {
    if (own.length === 1 || old.includes('.')) return [{ start: first.start, end: last.end, newText: own.join('.') }];
    if (written.form !== 'bare') return `'${old}' names one key of ${r.site?.node.name ?? 'a plugin'}; it cannot become ${own.join('.')}`;
    const nested = own.map((name) => `[${name}]`).join('');
    // A bareword cannot hold brackets: the value becomes a string.
    return [{ start: first.start, end: last.end, newText: isBareword(text, r) ? `"${nested}"` : nested }];
  }
  if (own.length === segments.length) {
    const edits: TextEdit[] = [];
    segments.forEach((s, i) => {
      if (s.name !== own[i]) edits.push({ start: s.start, end: s.end, newText: own[i] });
    });
    return edits;
  }
  // A run of fragments `[a][b]` (no array index or embedded reference between them) takes any number of names.
  const bracketed = text.charCodeAt(first.start - 1) === 91 && text.charCodeAt(last.end) === 93
    && segments.every((s, i) => i === 0 || text.slice(segments[i - 1].end, s.start) === '][');
  if (bracketed) return [{ start: first.start, end: last.end, newText: own.join('][') }];
  return `'${old}' names ${r.ref.joinedPath} in a form that cannot become ${own.join('.')} in place`;
}

/** Whether a bare reference is a whole unquoted value or hash key (`source => message`), not text inside a string. */
function isBareword(text: string, r: ConfigRef): boolean {
  if (r.ref.role !== 'name') return false;
  const before = text.charCodeAt(r.written!.span.start - 1);
  return before !== 34 /* " */ && before !== 39 /* ' */;
}

/** A string or bareword value's text and span; undefined for any other value. */
function stringOf(value: ValueNode | undefined): { text: string; start: number; end: number } | undefined {
  if (value?.kind === 'string') return { text: value.value, start: value.start, end: value.end };
  if (value?.kind === 'bareword') return { text: value.text, start: value.start, end: value.end };
  return undefined;
}

function stringsOf(value: ValueNode | undefined): Array<{ text: string; start: number; end: number }> {
  if (value?.kind === 'array') return value.items.map(stringOf).filter((s) => s !== undefined);
  const one = stringOf(value);
  return one ? [one] : [];
}

/** A name another file answers to: not a template (`%{...}`) or an environment variable (`${...}`), not blank. */
function literalName(text: string): string | undefined {
  const name = text.trim();
  return name !== '' && !name.includes('%{') && !name.includes('${') ? name : undefined;
}

/** Every plugin's `id`, for the workspace symbol search (`grok filter`). */
export function logstashTags(doc: LogstashDocument): NamedPart[] {
  const out: NamedPart[] = [];
  for (const site of workspaceView(doc).sites) {
    const id = stringOf(site.options.get('id')?.value);
    if (!id || id.text.trim() === '') continue;
    out.push({ name: id.text, detail: site.section ? `${site.node.name} ${site.section}` : site.node.name, start: id.start, end: id.end });
  }
  return out;
}

/** An elasticsearch output's `pipeline` (the ingest pipeline it sends through) and a pipeline output's `send_to` addresses. */
export function logstashLinks(doc: LogstashDocument): FileLink[] {
  const out: FileLink[] = [];
  for (const site of workspaceView(doc).sites) {
    if (site.section !== 'output') continue;
    if (site.node.name === 'elasticsearch') {
      const value = stringOf(site.options.get('pipeline')?.value);
      const name = value && literalName(value.text);
      if (name) out.push({ start: value.start, end: value.end, namespace: INGEST_PIPELINE_NAMESPACE, name });
    } else if (site.node.name === 'pipeline') {
      for (const value of stringsOf(site.options.get('send_to')?.value)) {
        const name = literalName(value.text);
        if (name) out.push({ start: value.start, end: value.end, namespace: PIPELINE_ADDRESS_NAMESPACE, name });
      }
    }
  }
  return out;
}

/** The addresses of the config's pipeline inputs: what a `send_to` names. */
export function logstashAnswers(doc: LogstashDocument): Array<Pick<FileLink, 'namespace' | 'name'>> {
  const out: Array<Pick<FileLink, 'namespace' | 'name'>> = [];
  for (const site of workspaceView(doc).sites) {
    if (site.section !== 'input' || site.node.name !== 'pipeline') continue;
    const value = stringOf(site.options.get('address')?.value);
    const name = value && literalName(value.text);
    if (name) out.push({ namespace: PIPELINE_ADDRESS_NAMESPACE, name });
  }
  return out;
}
