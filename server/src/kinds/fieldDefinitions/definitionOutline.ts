// A field definition file's outline and the declarations added to it: its groups and fields as the file nests them,
// and new items written in the file's own layout (into the group that holds their path, else at the root with their
// dotted name; `external: ecs` for a schema field where the file imports schema fields so).
import type { ArrayNode } from '../../document/model';
import type { PlainValue } from '../../document/syntaxes/writer';
import { writerFor } from '../../document/syntaxes/writerFor';
import type { FieldDeclaration, OutlineSymbol, TextEdit } from '../../features/types';
import type { DefinitionItem, FieldDefinitionsDocument } from './fieldDefinitionsDocument';
import { textOf } from './fieldDefinitionsDocument';

export function definitionSymbols(doc: FieldDefinitionsDocument): OutlineSymbol[] {
  const roots: OutlineSymbol[] = [];
  const symbols = new Map<DefinitionItem, OutlineSymbol>();
  for (const item of doc.items) {
    if (!item.name || !item.ref) continue;
    const type = textOf(item.type);
    const external = textOf(item.external);
    const symbol: OutlineSymbol = {
      name: item.ref.path.slice(item.ref.first).join('.'),
      kind: item.ref.detail.object ? 'namespace' : 'field',
      start: item.node.start,
      end: item.node.end,
      selection: { start: item.name.start, end: item.name.end },
      children: [],
    };
    const detail = external !== undefined ? `external: ${external}` : type;
    if (detail !== undefined) symbol.detail = detail;
    symbols.set(item, symbol);
    const parent = item.parent && symbols.get(item.parent);
    (parent ? parent.children : roots).push(symbol);
  }
  return roots;
}

/** The edits adding `fields` to the file: one per list they go into. */
export function declareDefinitions(doc: FieldDefinitionsDocument, fields: readonly FieldDeclaration[]): TextEdit[] | undefined {
  const writer = writerFor(doc.type.format);
  const imports = doc.items.some((i) => i.external !== undefined);
  if (doc.root === undefined) {
    if (doc.text.trim() !== '') return undefined;
    const items = fields.map((f) => itemData(f, f.path, imports));
    // The writer lays a list out as a key's value (one step in, on the next line): at the root it stands at column 0.
    const lines = writer.value(items, { indent: '', unit: writer.indentUnit(doc.text), multiline: true }).replace(/^\r?\n/, '').split('\n');
    const step = /^ */.exec(lines[0])![0].length;
    return [{ start: 0, end: doc.text.length, newText: `${lines.map((l) => l.slice(Math.min(step, /^ */.exec(l)![0].length))).join('\n')}\n` }];
  }
  if (doc.root.kind !== 'array') return undefined;
  const byList = new Map<ArrayNode, PlainValue[]>();
  for (const field of fields) {
    const { list, prefix } = listFor(doc, field.path);
    const items = byList.get(list) ?? [];
    items.push(itemData(field, field.path.split('.').slice(prefix).join('.'), imports));
    byList.set(list, items);
  }
  const edits: TextEdit[] = [];
  for (const [list, items] of byList) {
    const edit = writer.appendItems(doc.text, list, items);
    if (!edit) return undefined;
    edits.push(edit);
  }
  return edits.sort((a, b) => a.start - b.start);
}

/** The list a path goes into: the `fields` of the deepest group whose path holds it, else the root list. */
function listFor(doc: FieldDefinitionsDocument, path: string): { list: ArrayNode; prefix: number } {
  let best: { list: ArrayNode; prefix: number } | undefined;
  for (const list of doc.lists) {
    if (!list.owner) continue;
    const prefix = list.prefix.join('.');
    if (!path.startsWith(`${prefix}.`)) continue;
    if (!best || list.prefix.length > best.prefix) best = { list: list.node, prefix: list.prefix.length };
  }
  return best ?? { list: doc.root as ArrayNode, prefix: 0 };
}

function itemData(field: FieldDeclaration, name: string, imports: boolean): PlainValue {
  if (field.schema && imports) return { name, external: 'ecs' };
  const data: Record<string, PlainValue> = { name, type: field.type };
  if (field.level !== undefined) data.level = field.level;
  data.description = field.description;
  return data;
}
