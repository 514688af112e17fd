// The mapping adapter: index templates (legacy, composable, component), `PUT my-index` bodies, bare mappings and
// integration manifests, as files or as console requests. Finds the mapping objects of each body and, through
// mappingRefs.ts, every field they declare. Parsing never fails: a half-typed body yields what can be read.
import type { ConsoleRequest } from '../../document/console';
import { isolate, splitConsole } from '../../document/console';
import type { FieldRef, NamedRef } from '../../document/fieldRefs';
import type { FileType } from '../../document/fileType';
import { syntaxOf } from '../../document/syntaxes/registry';
import type { ObjectNode, Span, SyntaxProblem, ValueNode } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';
import { parseGuarded } from '../../document/syntaxes/guardedParse';
import type { MappedField, MappingBody, MappingShape } from './mappingBody';
import { MappingWalker } from './mappingRefs';
import { loadMappingParameters } from '../../catalog/mappingParameters';

export type { FieldTarget, KeySite, MappedField, MappingBody, MappingShape, MetaVersion, SiteRole } from './mappingBody';

export interface MappingDocument {
  readonly kind: 'mapping';
  readonly type: FileType;
  readonly text: string;
  readonly bodies: MappingBody[];
  readonly errors: SyntaxProblem[];
  /** Every field name the file declares, in document order (`refs[i].index === i`): role key, access write. */
  readonly refs: FieldRef[];
  /** The field paths named in option values (copy_to, an alias's path). */
  readonly targets: NamedRef[];
}

export function isMapping(doc: object): doc is MappingDocument {
  return 'kind' in doc && doc.kind === 'mapping';
}

/** The shape of a console request's body, by its endpoint; undefined when the endpoint takes no mapping. */
export function mappingEndpoint(request: Pick<ConsoleRequest, 'method' | 'path'>): MappingShape | undefined {
  const path = request.path;
  if (/^_index_template\/[^/_][^/]*$/.test(path)) return 'composableTemplate';
  if (/^_component_template\/[^/_][^/]*$/.test(path)) return 'componentTemplate';
  if (/^_template\/[^/_][^/]*$/.test(path)) return 'legacyTemplate';
  if (/^[^/_][^/]*\/_mappings?$/.test(path)) return 'mapping';
  if (request.method === 'PUT' && /^[^/_][^/]*$/.test(path)) return 'index';
  return undefined;
}

/** What a body holds, read off its keys (a file has no endpoint to tell). */
export function shapeOf(root: ValueNode | undefined): MappingShape | undefined {
  if (root?.kind !== 'object') return undefined;
  const has = (key: string): boolean => root.properties.some((p) => p.key === key);
  // Up to Elasticsearch 5 a legacy template named its index pattern `template` (a string or a list), not an object.
  const template = valueOf(root, 'template');
  if (template && template.kind !== 'object' && has('mappings')) return 'legacyTemplate';
  if (has('template')) return has('index_patterns') || has('composed_of') ? 'composableTemplate' : 'componentTemplate';
  if (has('mappings')) return has('index_patterns') ? 'legacyTemplate' : has('settings') || has('aliases') ? 'index' : 'mappings';
  if (has('properties') || has('dynamic_templates') || has('runtime')) return 'mapping';
  const es = valueOf(root, 'elasticsearch');
  if (es?.kind === 'object' && valueOf(es, 'index_template')) return 'manifest';
  return undefined;
}

/**
 * Parses a mapping file; for console text, the bodies of the requests whose endpoint takes a mapping (`requests`
 * when the service has picked them, else every such request of the text), each in place so offsets stay the file's.
 */
/** Parses a mapping file; console text reads the bodies of `requests`. `whole`: the text already parsed whole (recognition). */
export function parseMappingDocument(text: string, type: FileType, requests?: readonly ConsoleRequest[], whole?: ParsedValue): MappingDocument {
  const errors: SyntaxProblem[] = [];
  const bodies: MappingBody[] = [];
  const refs: FieldRef[] = [];
  const targets: NamedRef[] = [];
  const syntax = syntaxOf(type.format);
  const add = (span: Span, source: string, yaml: boolean, shape: MappingShape | undefined, name?: string, parsed = parseGuarded(source, yaml)): void => {
    errors.push(...parsed.errors);
    const body = emptyBody(span, shape ?? shapeOf(parsed.root) ?? 'mapping', parsed.root, name);
    readBody(body, new MappingWalker(text, syntax, body, refs, targets));
    bodies.push(body);
  };
  if (type.console) {
    for (const request of requests ?? splitConsole(text)) {
      const shape = mappingEndpoint(request);
      if (shape && request.body) add(request.body, isolate(text, request.body), false, shape, templateName(request.path));
    }
  } else {
    add({ start: 0, end: text.length }, text, type.format === 'yaml', undefined, undefined, whole);
  }
  return { kind: 'mapping', type, text, bodies, errors, refs, targets };
}

/** The name a template request gives (`_component_template/<name>`, `_index_template/<name>`, `_template/<name>`). */
function templateName(path: string): string | undefined {
  return /^_(?:component_|index_)?template\/([^/]+)$/.exec(path)?.[1];
}

function emptyBody(span: Span, shape: MappingShape, root: ValueNode | undefined, name: string | undefined): MappingBody {
  return { span, shape, name, root, mappings: [], composedOf: [], versions: [], fields: [], targets: [], dynamicTemplates: [], sites: [] };
}

function readBody(body: MappingBody, walk: MappingWalker): void {
  const root = body.root;
  if (root?.kind !== 'object') return;
  walk.meta(valueOf(root, '_meta'));
  let mappings: ValueNode | undefined;
  switch (body.shape) {
    case 'composableTemplate':
    case 'componentTemplate': {
      const template = valueOf(root, 'template');
      mappings = template?.kind === 'object' ? valueOf(template, 'mappings') : undefined;
      const composed = valueOf(root, 'composed_of');
      if (composed?.kind === 'array') for (const item of composed.items) if (item.kind === 'string') body.composedOf.push(String(item.value));
      break;
    }
    case 'manifest': {
      const es = valueOf(root, 'elasticsearch');
      const template = es?.kind === 'object' ? valueOf(es, 'index_template') : undefined;
      mappings = template?.kind === 'object' ? valueOf(template, 'mappings') : undefined;
      break;
    }
    case 'mapping':
      mappings = root;
      break;
    default:
      mappings = valueOf(root, 'mappings');
  }
  if (mappings?.kind !== 'object') return;
  for (const mapping of typeLevels(mappings)) walk.mapping(mapping);
}

/** A legacy mapping of types (`mappings: {_doc: {properties: ...}}`): the mapping of each type name. */
function typeLevels(mappings: ObjectNode): ObjectNode[] {
  const parameters = loadMappingParameters();
  if (mappings.properties.length === 0 || mappings.properties.some((p) => parameters.topLevelKey(p.key) !== undefined)) return [mappings];
  const levels = mappings.properties.map((p) => p.value).filter((v): v is ObjectNode => v?.kind === 'object' && v.properties.some((p) => p.key === 'properties'));
  return levels.length === mappings.properties.length ? levels : [mappings];
}

/** The mapping body holding an offset. */
export function mappingBodyAt(doc: MappingDocument, offset: number): MappingBody | undefined {
  return doc.bodies.find((b) => b.span.start <= offset && offset <= b.span.end);
}

/** Every mapped field of the document, in document order. */
export function mappedFields(doc: MappingDocument): MappedField[] {
  return doc.bodies.flatMap((b) => b.fields);
}
