// docs/mappings.md shows the type-compatibility table and the mapping parameters from their data; this fails when
// one of them changed and `npm run docs` was not run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMappingsDoc } from '../../scripts/readme';
import { loadMappingParameters } from '../../server/src/catalog/mappingParameters';
import { loadTypeCompatibility } from '../../server/src/catalog/typeCompatibility';
import { mappingKind } from '../../server/src/kinds/mappings/mappingKind';
import { sharedRules } from '../../server/src/features/rules';
import type { Rule } from '../../server/src/features/rule';

const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'mappings.md'), 'utf8');
const lines = doc.split('\n');
const section = (heading: string): string => {
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `no '${heading}'`);
  const end = lines.findIndex((line, i) => i > start && /^#{1,2} /.test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
};

test('docs/mappings.md is up to date with the type table and the mapping parameters (run npm run docs)', () => {
  assert.equal(doc, renderMappingsDoc(doc));
});

test('the Type compatibility section has a row for every Elasticsearch type with a verdict per schema type', () => {
  const table = loadTypeCompatibility();
  const text = section('## Type compatibility');
  for (const type of table.esTypes) {
    // The matrix row: the type, then one verdict per schema type.
    const cellsOf = (line: string): string[] => line.replace(/^\| /, '').replace(/ \|$/, '').split(' | ');
    const row = text.split('\n').map(cellsOf).find((cells) => cells[0] === `\`${type.name}\`` && cells.slice(1).every((c) => /^(ok|warning|error)$/.test(c)));
    assert.ok(row, type.name);
    assert.deepEqual(row.slice(1), table.schemaTypes.map((schemaType) => table.mapping(schemaType, type.name)?.verdict), type.name);
  }
  for (const schemaType of table.schemaTypes) {
    for (const named of table.namedMappings(schemaType)) assert.ok(text.includes(named.reason.replace(/\|/g, '\\|')), `${schemaType} as ${named.esType}`);
    for (const kind of table.convertTypes) {
      const verdict = table.convert(schemaType, kind);
      assert.ok(text.includes(`| \`${schemaType}\` | \`${kind}\` |`) && verdict && text.includes(verdict.reason), `${schemaType} convert ${kind}`);
    }
  }
});

test('the Mapping parameters section names every parameter and key', () => {
  const parameters = loadMappingParameters();
  const text = section('## Mapping parameters');
  for (const p of [...parameters.field, ...parameters.topLevel, ...parameters.dynamicTemplate]) {
    assert.ok(text.includes(`| \`${p.name}\` |`) && text.includes(p.description.replace(/\|/g, '\\|')), p.name);
  }
});

test('the Diagnostics section lists every code a mapping can get, a deprecated field as information', () => {
  const text = section('## Diagnostics');
  for (const rule of mappingKind.rules.filter((r) => !sharedRules.includes(r as Rule))) assert.ok(text.includes(`| \`${rule.code}\` | ${rule.defaultSeverity} |`), rule.code);
  assert.ok(text.includes('| `deprecated-field` | information |'));
});
