// docs/beats.md's "Processors understood" comes from schema/beats/processors.yml; this fails when the table changed and
// the doc was not rewritten (node --import tsx scripts/beatsDoc.ts), and checks that rows say what the table holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadBeatsProcessorTable } from '../../server/src/catalog/beatsProcessors';
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

test('the generated section keeps the rest of the file as it is', () => {
  const begin = doc.indexOf('<!-- BEGIN BEATS_PROCESSORS');
  const end = doc.indexOf('<!-- END BEATS_PROCESSORS -->') + '<!-- END BEATS_PROCESSORS -->'.length;
  const other = `# Beats\n\nWritten by hand.\n\n${doc.slice(begin, end)}\n\n## Diagnostics\n`;
  const rendered = renderBeatsDoc(other);
  assert.ok(rendered.startsWith('# Beats\n\nWritten by hand.\n\n<!-- BEGIN BEATS_PROCESSORS'));
  assert.ok(rendered.endsWith('<!-- END BEATS_PROCESSORS -->\n\n## Diagnostics\n'));
  assert.throws(() => renderBeatsDoc('# no markers\n'), /docs\/beats\.md has no '<!-- BEGIN BEATS_PROCESSORS/);
});
