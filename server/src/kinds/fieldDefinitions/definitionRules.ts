// The rules only a field definitions file can break: an `external: ecs` name this schema does not define, a `type`
// or `level` that disagrees with the schema, a `type` no tool knows, a name defined twice. Each has a stable code, a
// default severity, the sentence it enforces and where it comes from (docs/mappings.md, Field definition files).
import { loadDefinitionTypes } from '../../catalog/definitionTypes';
import { loadTypeCompatibility } from '../../catalog/typeCompatibility';
import type { Datatype, Level, Resolution } from '../../catalog/types';
import { DefinitionItem, FieldDefinitionsDocument, scalarOf, textOf } from './fieldDefinitionsDocument';
import { suggestPaths } from '../../catalog/suggest';
import { lineOf, lineStarts } from '../../document/lines';
import type { Span } from '../../document/model';
import { closeValues } from '../../features/values/closeValues';
import type { Finding, Rule } from '../../features/rule';
import { findingAt, withArticle } from '../../features/values/values';
import type { FeatureEnv } from '../../features/env';


/** A rule only a field definitions file can break: the one rule contract over the whole document. */
export type DefinitionRule = Rule<FieldDefinitionsDocument, FeatureEnv> & { readonly scope: 'document' };

const FILES = 'Elastic package-spec and Beats fields.yml format';
const TABLE = 'schema/mapping/types.yml and definitionTypes.yml (docs/mappings.md, Type compatibility)';
export const LEVELS: readonly Level[] = ['core', 'extended', 'custom'];

/** The item's own name (its segments after its group's). */
export function ownSpan(item: DefinitionItem): Span {
  const segments = item.ref!.segments;
  return { start: segments[0].start, end: segments[segments.length - 1].end };
}

/**
 * Items that define a name of their own (an external one is the schema family's, judged by unknownExternalField; a
 * wildcard one types the unnamed fields below its object, not the object its ref names).
 */
function defining(doc: FieldDefinitionsDocument): DefinitionItem[] {
  return doc.items.filter((i) => i.ref && !i.external && !i.wildcard);
}

/** The schema's type for a resolution: a field's type, `object` for an intermediate object; undefined elsewhere. */
export function schemaTypeOf(resolution: Resolution): Datatype | undefined {
  return resolution.kind === 'field' ? resolution.field.type : resolution.kind === 'object' ? 'object' : undefined;
}

export const unknownExternalField: DefinitionRule = {
  code: 'unknown-external-field',
  defaultSeverity: 'error',
  title: 'External field this schema does not define',
  spec: 'An entry with `external: ecs` takes its whole definition from the schema family\'s field of that name; a name this schema does not define has no definition to take.',
  specSource: FILES,
  scope: 'document',
  check(doc, env) {
    const out: Finding[] = [];
    for (const item of doc.items) {
      if (!item.ref || textOf(item.external) !== 'ecs') continue;
      const resolution = env.catalog.resolve(item.ref.path);
      // A name in a set the schema names but leaves undefined gets an event key's verdict there (undefined-field-set).
      if (resolution.kind === 'field' || resolution.kind === 'undefinedSet') continue;
      const path = item.ref.joinedPath;
      const why = resolution.kind === 'object' ? 'an object, not a field' : 'not a field of this schema';
      const suggestions = resolution.kind === 'unknown' ? resolution.suggestions.slice(0, 3) : resolution.kind === 'custom' ? env.catalog.suggest(path, 3) : [];
      const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '';
      out.push(findingAt(ownSpan(item), { message: `'${path}' is marked external: ecs, but it is ${why} (schema ${env.catalog.version})${hint}`, data: { path, suggestions } }));
    }
    return out;
  },
};

export const definitionTypeMismatch: DefinitionRule = {
  code: 'definition-type-mismatch',
  defaultSeverity: 'error',
  title: 'Type differs from the schema\'s',
  spec: 'A field the schema defines is stored as the schema types it, and a name the schema places fields below is an object (`group`, or any object type). Error or warning as the type table says.',
  specSource: TABLE,
  scope: 'document',
  check(doc, env) {
    const table = loadTypeCompatibility();
    const types = loadDefinitionTypes();
    const out: Finding[] = [];
    for (const item of defining(doc)) {
      const stated = textOf(item.type);
      const checked = stated === undefined ? undefined : types.checkedAs(stated);
      if (!item.type || !checked) continue;
      const resolution = env.catalog.resolve(item.ref!.path);
      const schemaType = schemaTypeOf(resolution);
      const fit = schemaType && table.mapping(schemaType, checked, item.ref!.joinedPath);
      if (!fit || fit.verdict === 'ok') continue;
      // Below an intermediate object the schema defines fields, not how the object is stored: only a leaf type conflicts.
      if (resolution.kind === 'object' && table.esType(checked)?.shape !== 'leaf') continue;
      const expected = schemaType === 'object' ? 'group' : schemaType;
      const what = schemaType === 'object' ? 'an object' : `${withArticle(schemaType)} field`;
      out.push({
        ...findingAt(item.type, { message: `type '${stated}' for '${item.ref!.joinedPath}', which the schema defines as ${what}: ${fit.reason}`, data: { type: expected } }),
        severity: fit.verdict === 'error' ? 'error' : 'warning',
      });
    }
    return out;
  },
};

export const definitionLevelMismatch: DefinitionRule = {
  code: 'definition-level-mismatch',
  defaultSeverity: 'warning',
  title: 'Level differs from the schema\'s',
  spec: 'Each field is marked with exactly one level (core, extended or custom): the schema\'s; a definition that states another misleads the readers of its docs.',
  specSource: 'Document 1, Levels',
  scope: 'document',
  check(doc, env) {
    const out: Finding[] = [];
    for (const item of defining(doc)) {
      const stated = textOf(item.level);
      if (!item.level || stated === undefined) continue;
      const resolution = env.catalog.resolve(item.ref!.path);
      if (!(LEVELS as readonly string[]).includes(stated)) {
        const level = resolution.kind === 'field' ? resolution.field.level : undefined;
        out.push(findingAt(item.level, { message: `'${stated}' is no level; the levels are ${LEVELS.join(', ')}`, data: level ? { level } : { values: closeValues(stated, LEVELS) } }));
        continue;
      }
      if (resolution.kind !== 'field' || resolution.field.level === stated) continue;
      const level = resolution.field.level;
      out.push(findingAt(item.level, { message: `level '${stated}' for '${resolution.field.path}', which the schema defines as ${level}`, data: { level } }));
    }
    return out;
  },
};

export const unknownDefinitionType: DefinitionRule = {
  code: 'unknown-definition-type',
  defaultSeverity: 'error',
  title: 'Unknown field type',
  spec: 'A field\'s `type` is an Elasticsearch field type or one the file format adds (`group`, `array`); the tools that build a template from the file reject any other.',
  specSource: FILES,
  scope: 'document',
  check(doc) {
    const types = loadDefinitionTypes();
    const out: Finding[] = [];
    for (const item of doc.items) {
      const stated = textOf(item.type);
      if (!item.type || stated === undefined || types.known(stated)) continue;
      const suggestions = closeValues(stated, types.names).slice(0, 3);
      const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '';
      out.push(findingAt(item.type, { message: `Unknown field type '${stated}'${hint}`, data: { suggestions } }));
    }
    return out;
  },
};

export const duplicateDefinition: DefinitionRule = {
  code: 'duplicate-definition',
  defaultSeverity: 'error',
  title: 'Name defined twice',
  spec: 'Each name is defined once: two definitions of one field conflict when the template is built (a group may be written twice, its fields merge).',
  specSource: FILES,
  scope: 'document',
  check(doc) {
    const first = new Map<string, DefinitionItem>();
    const out: Finding[] = [];
    let starts: number[] | undefined;
    for (const item of doc.items) {
      if (!item.ref) continue;
      const path = item.ref.joinedPath;
      const before = first.get(path);
      if (!before) {
        first.set(path, item);
        continue;
      }
      if (isGroup(before) && isGroup(item)) continue;
      const line = lineOf((starts ??= lineStarts(doc.text)), before.name!.start) + 1;
      out.push(findingAt(ownSpan(item), { message: `'${path}' is defined twice (first on line ${line})` }));
    }
    return out;
  },
};

export const unknownAliasPath: DefinitionRule = {
  code: 'unknown-alias-path',
  defaultSeverity: 'error',
  title: 'Alias path names no field',
  spec: 'A field of `type: alias` reads the field its `path` names: a field the schema or the same file defines; Elasticsearch rejects an alias whose path names no field of the mapping.',
  specSource: FILES,
  scope: 'document',
  check(doc, env) {
    const out: Finding[] = [];
    let defined: string[] | undefined;
    for (const item of doc.items) {
      if (textOf(item.type) !== 'alias') continue;
      const path = scalarOf(item.node, 'path');
      const target = textOf(path);
      if (!path || target === undefined || target === '') continue;
      if (env.catalog.lookup(target)) continue;
      defined ??= doc.items.filter((i) => i.ref && textOf(i.type) !== 'alias' && !isGroup(i)).map((i) => i.ref!.joinedPath);
      if (defined.includes(target)) continue;
      const suggestions = [...env.catalog.suggest(target, 3), ...suggestPaths(target, defined.map((p) => ({ path: p, deprecated: false })), 3)]
        .filter((s, i, all) => all.indexOf(s) === i).slice(0, 3);
      const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '';
      out.push(findingAt(path, { message: `The alias path '${target}' names no field the schema or this file defines${hint}`, data: { suggestions } }));
    }
    return out;
  },
};

function isGroup(item: DefinitionItem): boolean {
  return textOf(item.type) === 'group' || item.node.properties.some((p) => p.key === 'fields');
}

export const definitionRules: readonly DefinitionRule[] = [unknownExternalField, definitionTypeMismatch, definitionLevelMismatch, unknownDefinitionType, duplicateDefinition, unknownAliasPath];
