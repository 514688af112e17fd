// Dynamic templates: the rules, tried in order, that choose the mapping of a field the mapping does not name. Read
// off the `dynamic_templates` list (match, unmatch, path_match, path_unmatch, match_mapping_type, match_pattern), with
// the test Elasticsearch applies to a new field's path and detected JSON kind.
import type { ObjectNode, PropertyNode, ScalarNode, ValueNode } from '../../document/model';
import { valueOf } from '../../document/objectValue';

export interface DynamicTemplate {
  name: string;
  /** The template's name key (`strings_as_keyword`). */
  key: PropertyNode;
  body: ObjectNode;
  match: string[];
  unmatch: string[];
  pathMatch: string[];
  pathUnmatch: string[];
  /** The detected JSON kinds it applies to (`string`, `long`, ...); empty: every kind. */
  mappingTypes: string[];
  unmatchMappingTypes: string[];
  regex: boolean;
  /** The `mapping` it gives; undefined for a runtime template or one being typed. */
  mapping: ObjectNode | undefined;
  /** `mapping.type` as written (`keyword`, `{dynamic_type}`). */
  type: string | undefined;
  typeNode: ScalarNode | undefined;
}

function strings(node: ValueNode | undefined): string[] {
  if (node?.kind === 'string') return [String(node.value)];
  if (node?.kind === 'array') return node.items.filter((i) => i.kind === 'string').map((i) => String((i as ScalarNode).value));
  return [];
}

/** The templates of a `dynamic_templates` list, in order; items that are not `{name: {...}}` are skipped. */
export function readDynamicTemplates(list: ValueNode | undefined): DynamicTemplate[] {
  if (list?.kind !== 'array') return [];
  const out: DynamicTemplate[] = [];
  for (const item of list.items) {
    const key = item.kind === 'object' ? item.properties[0] : undefined;
    const body = key?.value;
    if (!key || body?.kind !== 'object') continue;
    const mapping = valueOf(body, 'mapping');
    const mappingObject = mapping?.kind === 'object' ? mapping : undefined;
    const type = mappingObject && valueOf(mappingObject, 'type');
    out.push({
      name: key.key,
      key,
      body,
      match: strings(valueOf(body, 'match')),
      unmatch: strings(valueOf(body, 'unmatch')),
      pathMatch: strings(valueOf(body, 'path_match')),
      pathUnmatch: strings(valueOf(body, 'path_unmatch')),
      mappingTypes: strings(valueOf(body, 'match_mapping_type')).filter((t) => t !== '*'),
      unmatchMappingTypes: strings(valueOf(body, 'unmatch_mapping_type')),
      regex: strings(valueOf(body, 'match_pattern'))[0] === 'regex',
      mapping: mappingObject,
      type: type?.kind === 'string' ? String(type.value) : undefined,
      typeNode: type?.kind === 'string' ? type : undefined,
    });
  }
  return out;
}

const compiled = new Map<string, RegExp | null>();

/** A glob (`*` for any run of characters) or, with `regex`, a regular expression; null when the regex does not compile. */
function matcher(pattern: string, regex: boolean): RegExp | null {
  const key = `${regex ? 'r' : 'g'}${pattern}`;
  let re = compiled.get(key);
  if (re === undefined) {
    try {
      re = regex ? new RegExp(`^(?:${pattern})$`) : new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    } catch {
      re = null;
    }
    if (compiled.size < 10_000) compiled.set(key, re);
  }
  return re;
}

function any(patterns: readonly string[], value: string, regex: boolean): boolean {
  return patterns.some((p) => matcher(p, regex)?.test(value) === true);
}

/** Whether the template catches a new field at `path` whose value Elasticsearch detects as `kind` (`string`, `long`, ...). */
export function catches(template: DynamicTemplate, path: string, kind: string): boolean {
  const name = path.slice(path.lastIndexOf('.') + 1);
  if (template.mappingTypes.length > 0 && !template.mappingTypes.includes(kind)) return false;
  if (template.unmatchMappingTypes.includes(kind)) return false;
  if (template.match.length > 0 && !any(template.match, name, template.regex)) return false;
  if (any(template.unmatch, name, template.regex)) return false;
  if (template.pathMatch.length > 0 && !any(template.pathMatch, path, false)) return false;
  if (any(template.pathUnmatch, path, false)) return false;
  return true;
}
