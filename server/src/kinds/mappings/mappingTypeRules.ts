// The type findings of a mapping, judged by the one type-compatibility table (schema/mapping/types.yml, shared with
// ingest pipelines): a mapped type against the schema's, an alias against the type of its own name, a `type` that is
// no Elasticsearch field type, and schema.version, which must stay a keyword for version queries to work.
import type { Datatype } from '../../catalog/types';
import { loadTypeCompatibility, Verdict } from '../../catalog/typeCompatibility';
import type { MappedField, MappingDocument } from './mappingDocument';
import { mappedFields } from './mappingDocument';
import type { Span } from '../../document/model';
import { suggestPaths } from '../../catalog/suggest';
import { findingAt, withArticle } from '../../features/values/values';
import type { FeatureEnv } from '../../features/env';
import type { Severity } from '../../features/types';
import type { MappingRule } from './mappingRule';
import type { Finding } from '../../features/rule';

const TABLE = 'schema/mapping/types.yml (docs/mappings.md, Type compatibility)';
const SCHEMA_VERSION = 'schema.version';

function severityOf(verdict: Verdict): Severity {
  return verdict === 'error' ? 'error' : 'warning';
}

/** The type a field is mapped as: its `type`, or an object when it has properties; undefined while none is written. */
export function mappedType(field: MappedField): string | undefined {
  return field.type ?? (field.hasProperties ? 'object' : undefined);
}

/** The schema's type for a mapped name: a field's datatype, `object` for an object the schema defines below; undefined for others. */
export function schemaTypeOf(field: MappedField, env: FeatureEnv): { type: Datatype; flat: boolean; defined: boolean } | undefined {
  const resolution = env.catalog.resolve(field.ref.path);
  if (resolution.kind === 'field') return { type: resolution.field.type, flat: resolution.field.flat === true, defined: true };
  if (resolution.kind === 'object') return { type: 'object', flat: false, defined: false };
  return undefined;
}

/** Where a field's type finding goes: its `type` value, or its name when the type is implied. */
function typeSpan(field: MappedField): Span {
  return field.typeNode ?? field.ref.pathSpan;
}

/** The fields whose types are judged: indexed, not runtime, with a type written or implied. */
function judged(doc: MappingDocument): MappedField[] {
  return mappedFields(doc).filter((f) => f.indexed && !f.runtime && mappedType(f) !== undefined);
}

export const mappingTypeMismatch: MappingRule = {
  code: 'mapping-type-mismatch',
  defaultSeverity: 'error',
  title: 'Mapped type differs from the schema',
  spec: 'A field is mapped as the type the schema defines; an error where the two types store or query differently, a warning within one family where the schema\'s type is the portable choice (the type-compatibility table).',
  specSource: TABLE,
  scope: 'document',
  check(doc, env) {
    const table = loadTypeCompatibility();
    const out: Finding[] = [];
    for (const field of judged(doc)) {
      const mapped = mappedType(field) as string;
      const schema = schemaTypeOf(field, env);
      if (!schema || field.ref.joinedPath === SCHEMA_VERSION) continue;
      // A flat object (labels) holds names of its own: flattened stores it as the schema means it.
      if (schema.type === 'object' && schema.flat && (mapped === 'flattened' || mapped === 'object')) continue;
      // An object the schema only places fields below (threat.enrichments) may be nested or passthrough: its shape alone is judged.
      if (!schema.defined && mapped !== 'flattened' && table.esType(mapped)?.shape === 'object') continue;
      const fit = table.mapping(schema.type, mapped, field.ref.joinedPath);
      if (!fit || fit.verdict === 'ok') continue;
      const path = field.ref.joinedPath;
      const what = schema.type === 'object' ? 'an object' : withArticle(schema.type);
      out.push({
        ...findingAt(typeSpan(field), { message: `'${path}' is ${what} in the schema, mapped as ${mapped}: ${fit.reason}`, data: { path, type: schema.type } }),
        severity: severityOf(fit.verdict),
      });
    }
    return out;
  },
};

export const unknownMappingType: MappingRule = {
  code: 'unknown-mapping-type',
  defaultSeverity: 'error',
  title: 'Unknown field type',
  spec: 'A field\'s `type` is one of Elasticsearch\'s field types; Elasticsearch rejects a mapping with a type it does not know.',
  specSource: 'Elasticsearch mapping reference, Field data types',
  scope: 'document',
  check(doc) {
    const table = loadTypeCompatibility();
    const names = table.esTypes.map((t) => ({ path: t.name, deprecated: false }));
    const out: Finding[] = [];
    const nodes = [
      ...mappedFields(doc).map((f) => f.typeNode),
      ...doc.bodies.flatMap((b) => b.dynamicTemplates.map((t) => t.typeNode)),
    ];
    for (const node of nodes) {
      const type = node && String(node.value);
      if (!node || type === undefined || type === '' || type.includes('{') || table.esType(type)) continue;
      const removed = table.removedType(type);
      if (removed) {
        const replaced = removed.use.map((u) => `'${u.type}' (${u.for})`).join(' and ');
        out.push(findingAt(node, {
          message: `'${type}' is no Elasticsearch field type since Elasticsearch ${removed.removedIn}, which replaced it with ${replaced}`,
          data: { suggestions: removed.use.map((u) => u.type) },
        }));
        continue;
      }
      const suggestions = suggestPaths(type, names, 3);
      const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '';
      out.push(findingAt(node, { message: `'${type}' is no Elasticsearch field type${hint}`, data: { suggestions } }));
    }
    return out;
  },
};

export const schemaVersionNotKeyword: MappingRule = {
  code: 'schema-version-not-keyword',
  defaultSeverity: 'error',
  title: 'schema.version not mapped as keyword',
  spec: 'schema.version holds the schema version an event follows (1.11.0); mapped as anything but keyword, queries and aggregations by version break.',
  specSource: 'Document 1, introduction (the meta field set); Elasticsearch mapping reference, keyword',
  scope: 'document',
  check(doc) {
    return mappedFields(doc)
      .filter((f) => f.ref.joinedPath === SCHEMA_VERSION && mappedType(f) !== undefined && mappedType(f) !== 'keyword' && f.indexed)
      .map((f) => findingAt(typeSpan(f), { message: `'schema.version' is mapped as ${mappedType(f)}; map it as keyword`, data: { path: SCHEMA_VERSION, type: 'keyword' } }));
  },
};

export const aliasTypeMismatch: MappingRule = {
  code: 'alias-type-mismatch',
  defaultSeverity: 'error',
  title: 'Alias reads a field of another type',
  spec: 'An alias is queried as the field at its path; where the alias\'s own name is a schema field, that target has the schema\'s type for it (the type-compatibility table).',
  specSource: TABLE,
  scope: 'document',
  check(doc, env) {
    const table = loadTypeCompatibility();
    const byPath = new Map(mappedFields(doc).map((f) => [f.ref.joinedPath, f]));
    const out: Finding[] = [];
    for (const body of doc.bodies) for (const target of body.targets) {
      if (target.option !== 'path') continue;
      const own = env.catalog.lookup(target.from.ref.joinedPath);
      const mapped = byPath.get(target.ref.joinedPath);
      const targetType = (mapped && mappedType(mapped)) ?? env.catalog.lookup(target.ref.joinedPath)?.type;
      if (!own || !targetType) continue;
      const fit = table.mapping(own.type, targetType, own.path);
      if (!fit || fit.verdict === 'ok') continue;
      const span = { start: target.ref.segments[0].start, end: target.ref.segments[target.ref.segments.length - 1].end };
      out.push({
        ...findingAt(span, { message: `'${own.path}' is ${withArticle(own.type)} in the schema; its alias reads '${target.ref.joinedPath}', ${withArticle(targetType)}: ${fit.reason}` }),
        severity: severityOf(fit.verdict),
      });
    }
    return out;
  },
};
