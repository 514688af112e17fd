// The rules only a mapping can break: multi-fields the schema defines and the mapping lacks (or the other way round),
// copy_to and alias targets that name nothing, dynamic templates that would map schema fields to another type, and a
// `_meta` version other than the schema's. Each has a stable code, a default severity, the sentence it enforces and
// where it comes from (docs/mappings.md); the type findings are mappingTypeRules.ts.
import type { Datatype } from '../../catalog/types';
import { loadTypeCompatibility } from '../../catalog/typeCompatibility';
import { catches, DynamicTemplate } from './dynamicTemplates';
import { MappingBody, MappingDocument, mappedFields } from './mappingDocument';
import { valueOf } from '../../document/objectValue';
import { findingAt } from '../../features/values/values';
import type { FeatureEnv } from '../../features/env';
import type { MappingRule } from './mappingRule';
import type { Finding } from '../../features/rule';
import { aliasTypeMismatch, mappedType, mappingTypeMismatch, schemaVersionNotKeyword, unknownMappingType } from './mappingTypeRules';

const DEFINITIONS = 'Document 2, field definitions (multi_fields)';

export const missingMultiField: MappingRule = {
  code: 'missing-multi-field',
  defaultSeverity: 'hint',
  title: 'Multi-field of the schema not mapped',
  spec: 'A field the schema defines with multi-fields (message.text-style) is searchable through them only where the mapping has them too.',
  specSource: DEFINITIONS,
  scope: 'document',
  check(doc, env) {
    const out: Finding[] = [];
    for (const field of mappedFields(doc)) {
      const schema = env.catalog.lookup(field.ref.joinedPath);
      if (!schema?.multiFields || !field.indexed || field.runtime || mappedType(field) !== schema.type) continue;
      const present = new Set(field.multiFields.map((m) => m.key));
      for (const multi of schema.multiFields) {
        if (present.has(multi.name)) continue;
        out.push(findingAt(field.ref.pathSpan, {
          message: `The schema defines the multi-field '${schema.path}.${multi.name}' (${multi.type}); this mapping lacks it`,
          data: { path: schema.path, name: multi.name, type: multi.type },
        }));
      }
    }
    return out;
  },
};

export const unknownMultiField: MappingRule = {
  code: 'unknown-multi-field',
  defaultSeverity: 'information',
  title: 'Multi-field the schema does not define',
  spec: 'The multi-fields of a schema field are the ones its definition lists; another name indexes the value again under a name no other source of this schema uses.',
  specSource: DEFINITIONS,
  scope: 'document',
  check(doc, env) {
    const out: Finding[] = [];
    for (const field of mappedFields(doc)) {
      const schema = env.catalog.lookup(field.ref.joinedPath);
      if (!schema || field.multiFields.length === 0) continue;
      const known = schema.multiFields?.map((m) => m.name) ?? [];
      for (const multi of field.multiFields) {
        if (known.includes(multi.key)) continue;
        const which = known.length > 0 ? `its multi-fields are ${known.map((k) => `'${k}'`).join(', ')}` : 'it has no multi-fields';
        out.push(findingAt(multi.keySpan, { message: `'${schema.path}.${multi.key}' is no multi-field of the schema: ${which}` }));
      }
    }
    return out;
  },
};

export const unknownTarget: MappingRule = {
  code: 'unknown-target',
  defaultSeverity: 'warning',
  title: 'copy_to or alias target names no field',
  spec: 'A copy_to target or an alias\'s path names a field of the schema or of the mapping itself; Elasticsearch rejects an alias whose path is not mapped, and a copy_to target nobody maps is created by dynamic mapping with a guessed type.',
  specSource: 'Elasticsearch mapping reference, copy_to and alias',
  scope: 'document',
  check(doc, env) {
    const declared = new Set(mappedFields(doc).map((f) => f.ref.joinedPath));
    const out: Finding[] = [];
    for (const target of doc.targets) {
      const path = target.joinedPath;
      if (declared.has(path) || env.catalog.resolve(target.path).kind === 'field') continue;
      const span = { start: target.segments[0].start, end: target.segments[target.segments.length - 1].end };
      const option = target.detail.option === 'path' ? 'The alias reads' : 'copy_to writes';
      out.push(findingAt(span, { message: `${option} '${path}', which neither the schema nor this mapping defines` }));
    }
    return out;
  },
};

/** The JSON kind dynamic mapping detects for a value of a schema type (`match_mapping_type`); undefined for objects. */
function detectedKind(type: Datatype, dateDetection: boolean): string | undefined {
  switch (type) {
    case 'long':
    case 'integer':
      return 'long';
    case 'float':
    case 'half_float':
    case 'scaled_float':
      return 'double';
    case 'boolean':
      return 'boolean';
    case 'date':
      return dateDetection ? 'date' : 'string';
    case 'object':
    case 'geo_point':
      return undefined;
    default:
      return 'string';
  }
}

/** Whether the mapping maps new fields at all: `dynamic: false` keeps them in _source only, `strict` rejects them. */
function mapsNewFields(body: MappingBody): boolean {
  return body.mappings.every((m) => {
    const dynamic = valueOf(m, 'dynamic');
    return !(dynamic?.kind === 'boolean' && dynamic.value === false) && !(dynamic?.kind === 'string' && (dynamic.value === 'false' || dynamic.value === 'strict'));
  });
}

function dateDetection(body: MappingBody): boolean {
  return body.mappings.every((m) => {
    const detection = valueOf(m, 'date_detection');
    return !(detection?.kind === 'boolean' && detection.value === false);
  });
}

/** The schema fields each template would map with a type other than the schema's: only the first template that catches a field maps it. */
export function templateCatches(doc: MappingDocument, body: MappingBody, env: FeatureEnv): Map<DynamicTemplate, string[]> {
  const out = new Map<DynamicTemplate, string[]>();
  if (body.dynamicTemplates.length === 0 || !mapsNewFields(body)) return out;
  const explicit = new Set(mappedFields(doc).map((f) => f.ref.joinedPath));
  // A composable template's fields are mostly in its component templates: judged only when the workspace has every one.
  for (const name of body.composedOf) {
    const component = env.workspace?.component(name);
    if (!component) return out;
    for (const path of component) explicit.add(path);
  }
  const table = loadTypeCompatibility();
  const detection = dateDetection(body);
  for (const field of env.catalog.fields()) {
    const kind = detectedKind(field.type, detection);
    if (!kind || explicit.has(field.path)) continue;
    const template = body.dynamicTemplates.find((t) => catches(t, field.path, kind));
    if (!template?.type || template.type.includes('{')) continue;
    const fit = table.mapping(field.type, template.type, field.path);
    if (!fit || fit.verdict === 'ok') continue;
    const list = out.get(template) ?? [];
    list.push(`${field.path} (${field.type})`);
    out.set(template, list);
  }
  return out;
}

export const dynamicTemplateType: MappingRule = {
  code: 'dynamic-template-type',
  defaultSeverity: 'warning',
  title: 'Dynamic template maps schema fields to another type',
  spec: 'A dynamic template maps the fields the mapping does not name; a schema field it catches gets the template\'s type, which should be the schema\'s (the first template that matches a field maps it).',
  specSource: 'Elasticsearch mapping reference, dynamic templates; schema/mapping/types.yml',
  scope: 'document',
  check(doc, env) {
    const out: Finding[] = [];
    for (const body of doc.bodies) {
      for (const [template, fields] of templateCatches(doc, body, env)) {
        const shown = fields.slice(0, 5).join(', ') + (fields.length > 5 ? ` and ${fields.length - 5} more` : '');
        out.push(findingAt(template.key.keySpan, {
          message: `The dynamic template '${template.name}' would map ${fields.length} schema field${fields.length === 1 ? '' : 's'} the mapping does not name as ${template.type}: ${shown}`,
          data: { fields: fields.map((f) => f.split(' ')[0]) },
        }));
      }
    }
    return out;
  },
};

export const schemaVersionDiffers: MappingRule = {
  code: 'schema-version-differs',
  defaultSeverity: 'information',
  title: 'Template written for another schema version',
  spec: 'A template states the schema version it was written for in `_meta` (`version`, `ecs_version`, `schema_version`); Fieldwise checks it against this schema, 1.11.0.',
  specSource: 'Document 1, Versioning',
  scope: 'document',
  check(doc, env) {
    const out: Finding[] = [];
    for (const body of doc.bodies) for (const { key, value } of body.versions) {
      if (String(value.value) === env.catalog.version) continue;
      out.push(findingAt(value, { message: `_meta.${key.key} is ${value.value}: this mapping was written for another schema version than ${env.catalog.version}` }));
    }
    return out;
  },
};

export const mappingRules: readonly MappingRule[] = [
  mappingTypeMismatch,
  unknownMappingType,
  schemaVersionNotKeyword,
  aliasTypeMismatch,
  missingMultiField,
  unknownMultiField,
  unknownTarget,
  dynamicTemplateType,
  schemaVersionDiffers,
];
