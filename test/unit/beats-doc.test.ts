// docs/beats.md's "Processors understood", "Options understood" and "Diagnostics" come from schema/beats/processors.yml
// and the Beats kind's rules; this fails when they changed and the doc was not rewritten (npm run docs), and checks
// that rows say what the table holds. docs/diagnostics.md describes every Beats code with its severity and rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadBeatsProcessorTable } from '../../server/src/catalog/beatsProcessors';
import { join } from 'node:path';
import { nameRules } from '../../server/src/features/rules';
import { pieceRules } from '../../server/src/kinds/beats/beatsRules';
import { BEATS_DOC, renderBeatsDoc } from '../../scripts/beatsDoc';

const doc = readFileSync(BEATS_DOC, 'utf8');
const table = loadBeatsProcessorTable();

/** The table row of one processor, split into its cells (processor, reads, writes, removes/updates, uses, required). */
function rowOf(processor: string): string[] {
  const line = doc.split('\n').find((l) => l.startsWith(`| [\`${processor}\`](`));
  assert.ok(line, `docs/beats.md has a row for ${processor}`);
  return line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, ''));
}

test('docs/beats.md is up to date with the Beats processor table (run node --import tsx scripts/beatsDoc.ts)', () => {
  assert.equal(doc, renderBeatsDoc(doc));
});

test('docs/beats.md starts with the section "Processors understood"', () => {
  const headings = doc.split('\n').filter((l) => l.startsWith('#'));
  assert.deepEqual(headings.slice(0, 2), ['# Beats and Elastic Agent processors', '## Processors understood']);
});

test('docs/beats.md has a row for every processor, linked to its reference page', () => {
  for (const name of table.names()) assert.ok(rowOf(name)[0].includes(table.get(name)?.docsUrl ?? '?'), name);
});

const rowCases: Array<[string, number, string]> = [
  ['rename', 1, '`fields[].from`'],
  ['rename', 2, '`fields[].to`'],
  ['convert', 2, '`fields[].to` (default: `from`)'],
  ['add_fields', 2, '`target` (object; default: `fields`), `fields` (keys; under `target`)'],
  ['add_labels', 2, '`labels` (keys, under `labels`, flattened)'],
  ['dissect', 2, '`tokenizer` (dissect keys; under `target_prefix`), `target_prefix` (object; default: `dissect`)'],
  ['community_id', 1, '`fields.source_ip` (default: `source.ip`), `fields.source_port` (default: `source.port`), `fields.destination_ip` (default: `destination.ip`), `fields.destination_port` (default: `destination.port`), `fields.iana_number` (default: `network.iana_number`), `fields.transport` (default: `network.transport`), `fields.icmp_type` (default: `icmp.type`), `fields.icmp_code` (default: `icmp.code`)'],
  ['decode_csv_fields', 1, '`fields` (keys)'],
  ['decode_csv_fields', 2, '`fields` (values)'],
  ['extract_array', 2, '`mappings` (keys)'],
  ['drop_fields', 3, '`fields` (list; `/regex/` entries)'],
  ['replace', 3, '`fields[].field` (in place)'],
  ['move_fields', 3, '`fields` (list; under `from`)'],
  ['timestamp', 4, '`@timestamp` (unless `target_field`)'],
  ['add_locale', 4, '`event.timezone`'],
  ['script', 5, '`lang`, one of `source`, `file`, `files`'],
  ['translate_sid', 5, '`field`, at least one of `account_name_target`, `account_type_target`, `domain_target`'],
];

test('a row lists the options that name fields by how they do, the fields used unnamed and what is required', () => {
  for (const [processor, column, expected] of rowCases) assert.equal(rowOf(processor)[column], expected, `${processor}, column ${column}`);
});

test('the section lists every condition and every script method', () => {
  for (const name of table.conditionNames()) assert.ok(doc.includes(`| \`${name}\` |`), `condition ${name}`);
  for (const name of Object.keys(table.script.methods)) assert.ok(doc.includes(`| \`${name}\` |`), `method ${name}`);
});

test('the generated sections keep the rest of the file as it is', () => {
  const section = (name: string): string => `${doc.slice(doc.indexOf(`<!-- BEGIN ${name}`), doc.indexOf(`<!-- END ${name} -->`))}<!-- END ${name} -->`;
  const other = `# Beats\n\nWritten by hand.\n\n${section('BEATS_PROCESSORS')}\n\n${section('BEATS_DIAGNOSTICS')}\n\n${section('BEATS_OPTIONS')}\n\n## More\n`;
  const rendered = renderBeatsDoc(other);
  assert.ok(rendered.startsWith('# Beats\n\nWritten by hand.\n\n<!-- BEGIN BEATS_PROCESSORS'));
  assert.ok(rendered.endsWith('<!-- END BEATS_OPTIONS -->\n\n## More\n'));
  assert.throws(() => renderBeatsDoc('# no markers\n'), /docs\/beats\.md has no '<!-- BEGIN BEATS_PROCESSORS/);
});

test('the options section lists every option of every processor, with its values and default', () => {
  for (const name of table.names()) {
    const line = doc.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
    assert.ok(line, `a row of options for ${name}`);
    for (const option of table.get(name)!.everyOption) assert.ok(line.includes(`${option.name}\` (`), `${name}: ${option.path}`);
  }
  const convert = doc.split('\n').find((l) => l.startsWith('| `convert` |'))!;
  assert.ok(convert.includes('`fields[].type` (a type name; `integer`, `long`, `float`, `double`, `string`, `boolean`, `ip`)'), convert);
  assert.ok(convert.includes('`mode` (one of its values; `copy`, `rename`; default: `copy`)'), convert);
  assert.ok(convert.includes('`ignore_missing` (a boolean; default: `false`)'), convert);
});

test('the diagnostics section lists the name rules and every Beats code with its severity and rule', () => {
  for (const rule of [...nameRules, ...pieceRules]) assert.match(doc, new RegExp(`\\| \`${rule.code}\` \\| ${rule.defaultSeverity} \\|`), rule.code);
});

const diagnostics = readFileSync(join(__dirname, '../../docs/diagnostics.md'), 'utf8');
const squash = (text: string): string => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

for (const rule of pieceRules) {
  test(`docs/diagnostics.md: ${rule.code} with its severity, the rule it enforces and where that comes from`, () => {
    assert.match(diagnostics, new RegExp(`\\| \\[\`${rule.code}\`\\]\\(#${rule.code}\\) \\| ${rule.defaultSeverity} \\|`));
    const start = diagnostics.indexOf(`\n### ${rule.code}\n`);
    assert.ok(start >= 0, `a section for ${rule.code}`);
    const end = diagnostics.indexOf('\n### ', start + 1);
    const text = diagnostics.slice(start, end < 0 ? diagnostics.length : end);
    assert.ok(text.includes(`Default severity: **${rule.defaultSeverity}**`), 'its severity');
    const quoted = squash(text.split('\n').filter((l) => l.startsWith('>')).map((l) => l.replace(/^>\s?/, '')).join(' '));
    assert.ok(quoted.includes(squash(rule.spec)), `the rule quoted: ${rule.spec}`);
    assert.ok(quoted.includes(squash(rule.specSource)), `its source named: ${rule.specSource}`);
  });
}
