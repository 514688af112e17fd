// Completion in a Beats configuration: field names wherever one is typed (an option's value, a key of a map of names,
// below the target the names go under), the allowed values of the field a constant is written to, processor names
// (a bare item gets the processor with its required options as a snippet), option names, option values from their
// lists, and condition names.
import type { BeatsOptionSpec, BeatsProcessorSpec, BeatsProcessorTable } from '../../catalog/beatsProcessors';
import { columnOf, lineStarts } from '../../document/lines';
import type { Span, ValueNode } from '../../document/model';
import { Layout, PlainValue, verbatim } from '../../document/syntaxes/writer';
import { scalarText, writerFor } from '../../document/syntaxes/writerFor';
import { snippetEscape } from '../../features/insertText';
import { candidates } from '../../features/keyCompletion';
import type { CompletionEntry } from '../../features/types';
import { BeatsDocument, pieceAt } from './beatsDocument';
import type { BeatsEnv } from './beatsEnv';
import { BeatsPosition, positionAt } from './beatsPosition';

// Items carry a `docPath` whose documentation is built when shown: a field's path, or one of these.
const PROCESSOR_DOC = 'beats-processor:';
const OPTION_DOC = 'beats-option:';
const CONDITION_DOC = 'beats-condition:';

/** The documentation of a Beats item's `docPath`; undefined when the path is not one of this kind's. */
export function beatsCompletionDocs(table: () => BeatsProcessorTable, docPath: string): string | undefined {
  if (docPath.startsWith(PROCESSOR_DOC)) {
    const name = docPath.slice(PROCESSOR_DOC.length);
    return name === 'if' ? table().control.description : table().get(name)?.description;
  }
  if (docPath.startsWith(CONDITION_DOC)) return table().condition(docPath.slice(CONDITION_DOC.length))?.description;
  if (!docPath.startsWith(OPTION_DOC)) return undefined;
  const [processor, option] = docPath.slice(OPTION_DOC.length).split(':');
  return table().option(processor, option ?? '')?.description;
}

export function completeBeats(doc: BeatsDocument, offset: number, env: BeatsEnv): CompletionEntry[] {
  const piece = pieceAt(doc, offset);
  const entries = completeAt(piece.reading.text, positionAt(piece.reading, offset - piece.at), env);
  if (piece.at !== 0) for (const e of entries) e.replace = { start: e.replace.start + piece.at, end: e.replace.end + piece.at };
  return entries;
}

function completeAt(text: string, pos: BeatsPosition, env: BeatsEnv): CompletionEntry[] {
  switch (pos.kind) {
    case 'ref': {
      const segment = pos.ref.segments[pos.segment];
      return fieldNames(pos.ref.path.slice(0, pos.segment), '', segment, env, new Set());
    }
    case 'fieldName':
    case 'fieldKey': {
      const typedParent = pos.typed.split('.').slice(0, -1);
      const present = pos.kind === 'fieldKey' ? pos.present : new Set<string>();
      return fieldNames([...pos.prefix, ...typedParent], typedParent.length > 0 ? `${typedParent.join('.')}.` : '', pos.replace, env, present);
    }
    case 'fieldValue':
      return allowedValues(pos.path, pos.node, pos.replace, env);
    case 'processorName':
      return processorNames(text, pos, env);
    case 'optionName': {
      const present = new Set(pos.level.node?.properties.filter((p) => p !== pos.key).map((p) => p.key.split('.')[0]));
      const site = pos.level.site;
      return Object.values(pos.level.options).filter((o) => !present.has(o.name)).map((o) => ({
        label: o.name,
        kind: 'value' as const,
        detail: `${site.name} option${o.required ? ' · required' : ''}`,
        docPath: `${OPTION_DOC}${site.name}:${o.path}`,
        insertText: o.name,
        replace: pos.replace,
        sortText: `${o.required ? 0 : 1}${o.name}`,
      }));
    }
    case 'optionValue':
      return (pos.entry.spec.values ?? []).map((v, i) => ({
        label: v,
        kind: 'value' as const,
        detail: `${pos.site.name}'s ${pos.entry.path}`,
        docPath: `${OPTION_DOC}${pos.site.name}:${pos.entry.path}`,
        insertText: scalarText(v, 'yaml', pos.node),
        replace: pos.replace,
        sortText: String(i).padStart(3, '0'),
      }));
    case 'conditionName':
      return env.beats.conditionNames().map((name) => ({
        label: name, kind: 'value' as const, detail: 'condition', docPath: `${CONDITION_DOC}${name}`, insertText: name, replace: pos.replace, sortText: name,
      }));
    default:
      return [];
  }
}

/** Field names below `parent`, as dotted names from it, each written after `written` (what was typed before the last dot). */
function fieldNames(parent: readonly string[], written: string, replace: Span, env: BeatsEnv, present: ReadonlySet<string>): CompletionEntry[] {
  if (parent.some((s) => s === '')) return [];
  return candidates(env.catalog, parent, false).filter((c) => !present.has(written + c.label)).map((c) => ({
    label: written + c.label,
    kind: c.target.kind === 'object' ? 'object' : 'field',
    level: c.level,
    detail: c.detail,
    docPath: c.path,
    insertText: written + c.label,
    filterText: written + c.label,
    replace,
    sortText: c.sortText,
    deprecated: c.deprecated !== undefined,
  }));
}

/** The allowed values of a field a constant is written to (`event.kind` under add_fields with `target: event`). */
function allowedValues(path: readonly string[], node: ValueNode | undefined, replace: Span, env: BeatsEnv): CompletionEntry[] {
  const field = env.catalog.lookup(path.join('.'));
  const values = field?.allowed ?? (field?.type === 'boolean' ? ['true', 'false'] : undefined);
  if (!field || !values) return [];
  return values.map((v, i) => ({
    label: v,
    kind: 'value' as const,
    level: field.level,
    detail: `${field.path} · allowed value`,
    docPath: field.path,
    insertText: field.type === 'boolean' ? v : scalarText(v, 'yaml', node?.kind === 'string' ? node : undefined),
    replace,
    sortText: String(i).padStart(3, '0'),
  }));
}

function processorNames(text: string, pos: Extract<BeatsPosition, { kind: 'processorName' }>, env: BeatsEnv): CompletionEntry[] {
  const layout = pos.bare ? itemLayout(text, pos.replace.start) : undefined;
  const table = env.beats;
  const entries: CompletionEntry[] = table.names().map((name) => table.get(name)!).map((p) => {
    const snippet = layout ? processorSnippet(p, layout) : undefined;
    return {
      label: p.name,
      kind: 'object' as const,
      detail: `Beats processor${p.maturity ? ` · ${p.maturity}` : ''}`,
      docPath: `${PROCESSOR_DOC}${p.name}`,
      insertText: snippet ?? p.name,
      snippet: snippet !== undefined,
      replace: pos.replace,
      sortText: p.name,
    };
  });
  const ifSnippet = layout ? writerFor('yaml').entry(['if'], verbatim('$1'), layout) + `\n${layout.indent}then:\n${layout.indent}${layout.unit}- $2` : undefined;
  entries.push({
    label: 'if', kind: 'object', detail: 'if / then / else', docPath: `${PROCESSOR_DOC}if`, insertText: ifSnippet ?? 'if', snippet: ifSnippet !== undefined,
    replace: pos.replace, sortText: '~if',
  });
  return entries;
}

/** Where a bare item's processor is written: its column, the file's unit, snippet characters in keys escaped. */
function itemLayout(text: string, at: number): Layout {
  const writer = writerFor('yaml');
  return { indent: ' '.repeat(columnOf(lineStarts(text), at)), unit: writer.indentUnit(text), multiline: true, keyText: snippetEscape };
}

/** `name:` and each required option on its own line below it, tab stops for values. */
function processorSnippet(p: BeatsProcessorSpec, layout: Layout): string {
  const writer = writerFor('yaml');
  const required = p.required.filter((o) => !o.common);
  if (required.length === 0) return `${snippetEscape(writer.key(p.name))}:`;
  return writer.entry([p.name], Object.fromEntries(required.map((o, i) => [o.name, placeholder(o, i + 1)])), layout);
}

function placeholder(option: BeatsOptionSpec, stop: number): PlainValue {
  return option.kind === 'fields' || option.kind === 'strings' || option.kind === 'objects' ? verbatim(`[$${stop}]`) : verbatim(`$${stop}`);
}
