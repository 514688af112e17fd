// The generated sections of docs/mappings.md, from their single sources: the type-compatibility table
// (schema/mapping/types.yml), the mapping parameters (schema/mapping/parameters.yml) and the rules a mapping can
// break (the name rules of event keys and features/mapping/mappingRules.ts). scripts/readme.ts writes them.
import { MappingParameter, ParameterValue, loadMappingParameters } from '../server/src/catalog/mappingParameters';
import { IngestKind, loadTypeCompatibility } from '../server/src/catalog/typeCompatibility';
import { rules } from '../server/src/kinds/events/rules';
import { MAPPING_NAME_SEVERITY } from '../server/src/kinds/mappings/mappingDiagnostics';
import { mappingRules } from '../server/src/kinds/mappings/mappingRules';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

const code = (name: string): string => `\`${name}\``;

function typeCompatibilitySection(): string {
  const table = loadTypeCompatibility();
  const schemaTypes = table.schemaTypes;
  const title = new Map(table.categories.map((c) => [c.name, c.title]));
  const matrix = table.esTypes.map((type) => {
    const verdicts = schemaTypes.map((schemaType) => table.mapping(schemaType, type.name)?.verdict ?? '?');
    return `| ${code(type.name)} | ${verdicts.join(' | ')} |`;
  });
  const named = schemaTypes.flatMap((schemaType) => table.namedMappings(schemaType).map(
    (n) => `| ${code(schemaType)} | ${code(n.esType)} | ${n.verdict} | ${cell(n.reason)} |`,
  ));
  const stores = table.esTypes.map((type) => `| ${code(type.name)} | ${title.get(type.category) ?? type.category} | ${type.shape} | ${cell(type.stores)} |`);
  const grokFor = (kind: IngestKind): string => {
    const names = table.grokTypes.filter((g) => table.grokKind(g) === kind).map(code);
    if (table.grokKind() === kind) names.push('(no type)');
    return names.join(', ') || '-';
  };
  const ingest = schemaTypes.flatMap((schemaType) => table.convertTypes.map((kind) => {
    const verdict = table.convert(schemaType, kind);
    return `| ${code(schemaType)} | ${code(kind)} | ${grokFor(kind)} | ${verdict?.verdict ?? '?'} | ${cell(verdict?.reason ?? '')} |`;
  }));
  return [
    '### Mapping types',
    '',
    'A field of the schema type (column) mapped as the Elasticsearch type (row). The schema\'s own type is `ok`; an `alias`',
    'is judged by the type of the field at its `path`. Warnings and the errors with a reason of their own follow the',
    'matrix; the reason of every other error is "T stores ...; M stores ..." (T the schema type, M the mapped type) from',
    'the list of types below it, or says that a leaf is mapped as an object (or an object as a leaf).',
    '',
    `| mapped as | ${schemaTypes.map(code).join(' | ')} |`,
    `|---|${schemaTypes.map(() => '---').join('|')}|`,
    ...matrix,
    '',
    '| schema type | mapped as | verdict | reason |',
    '|---|---|---|---|',
    ...named,
    '',
    'The Elasticsearch field types, under the headings of the Elasticsearch reference:',
    '',
    '| type | category | shape | stores |',
    '|---|---|---|---|',
    ...stores,
    '',
    '### Ingest pipelines: `convert` and grok',
    '',
    'A `convert` processor\'s target `type`, or a grok capture type (`%{NUMBER:field:TYPE}`), writing a field of the schema',
    'type. A grok type leaves the same kind of value as the `convert` type on its row; a capture without a type is a string.',
    '',
    '| schema type | `convert` type | grok type | verdict | reason |',
    '|---|---|---|---|---|',
    ...ingest,
  ].join('\n');
}

function valueText(value: ParameterValue): string {
  const one = ((): string => {
    switch (value.kind) {
      case 'enum':
        return (value.values ?? []).map((v) => code(String(v))).join(', ');
      case 'integer':
      case 'number': {
        const bounds = [value.minimum !== undefined ? `≥ ${value.minimum}` : '', value.maximum !== undefined ? `≤ ${value.maximum}` : ''].filter(Boolean);
        return bounds.length > 0 ? `${value.kind} ${bounds.join(', ')}` : value.kind;
      }
      case 'type':
        return 'a field type';
      case 'field':
        return 'a field path';
      case 'mappings':
        return 'name → field mapping';
      case 'mapping':
        return 'a field mapping';
      case 'templates':
        return 'a list of {name: template}';
      case 'value':
        return "a value of the field's type";
      default:
        return value.kind;
    }
  })();
  return value.multiple ? `${one}, or a list` : one;
}

function keyRows(keys: readonly MappingParameter[]): string[] {
  return keys.map((k) => `| ${code(k.name)} | ${valueText(k.value)} | ${cell(k.description)} |`);
}

function mappingParametersSection(): string {
  const parameters = loadMappingParameters();
  const allTypes = loadTypeCompatibility().esTypes.length;
  const field = parameters.field.map((p) => {
    const types = p.appliesTo.length === allTypes ? 'every type' : p.appliesTo.map(code).join(', ');
    return `| ${code(p.name)} | ${valueText(p.value)} | ${types} | ${cell(p.description)} |`;
  });
  return [
    '### Field mapping parameters',
    '',
    '| parameter | value | applies to | meaning |',
    '|---|---|---|---|',
    ...field,
    '',
    '### Keys of a mapping',
    '',
    '| key | value | meaning |',
    '|---|---|---|',
    ...keyRows(parameters.topLevel),
    '',
    '### Keys of a dynamic template',
    '',
    '| key | value | meaning |',
    '|---|---|---|',
    ...keyRows(parameters.dynamicTemplate),
  ].join('\n');
}

/** Every code a mapping can get: the name rules of event keys (on declared names) and the mapping's own rules. */
function diagnosticsSection(): string {
  const nameRules = rules.filter((r) => r.scope === 'name');
  return [
    'The rules of event keys that judge a name alone run on every field name a mapping declares, with the same',
    'verdicts as for an event key, except that a deprecated field is information (mapping it keeps older data',
    'searchable). The mapping\'s own rules follow; a type finding takes the severity of its pair in the table below.',
    '',
    '| code | severity | title | rule (source) |',
    '|---|---|---|---|',
    ...nameRules.map((r) => `| ${code(r.code)} | ${MAPPING_NAME_SEVERITY[r.code] ?? r.defaultSeverity} | ${cell(r.title)} | on declared names, as for event keys (${cell(r.specSource)}) |`),
    ...mappingRules.map((r) => `| ${code(r.code)} | ${r.defaultSeverity} | ${cell(r.title)} | ${cell(r.spec)} (${cell(r.specSource)}) |`),
  ].join('\n');
}

export const mappingsSections: Record<string, () => string> = {
  DIAGNOSTICS: diagnosticsSection,
  'TYPE-COMPATIBILITY': typeCompatibilitySection,
  'MAPPING-PARAMETERS': mappingParametersSection,
};
