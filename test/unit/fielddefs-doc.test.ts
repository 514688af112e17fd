// docs/mappings.md's section on field definition files lists every rule of the kind with its severity, title and
// sentence, and the file-only types of schema/mapping/definitionTypes.yml.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadDefinitionTypes } from '../../server/src/catalog/definitionTypes';
import { definitionRules } from '../../server/src/kinds/fieldDefinitions/definitionRules';

const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'mappings.md'), 'utf8');
const section = doc.slice(doc.indexOf('\n## Field definition files\n'));

test('docs/mappings.md ends with the section on field definition files', () => {
  assert.ok(section.length > 1, 'no section');
  assert.ok(!section.slice(1).includes('\n## '), 'another section follows it');
});

test('the section has a row for every rule of the kind, as the rule says it', () => {
  for (const r of definitionRules) {
    assert.ok(section.includes(`| \`${r.code}\` | ${r.defaultSeverity} | ${r.title} | ${r.spec} (${r.specSource}) |`), r.code);
  }
});

test('the section names every type the file format adds', () => {
  for (const t of loadDefinitionTypes().own) assert.ok(section.includes(`\`${t.name}\``), t.name);
});
