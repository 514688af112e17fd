// docs/pipelines.md's processor table comes from schema/ingest/processors.yml; this fails when the table changed and
// `npm run docs` was not run, and checks that the rows say what the features rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadProcessorTable } from '../../server/src/catalog/processors';
import { PIPELINES_DOC, renderPipelinesDoc } from '../../scripts/pipelinesDoc';

const doc = readFileSync(PIPELINES_DOC, 'utf8');
const table = loadProcessorTable();

/** The table row of one processor, split into its cells (processor, reads, writes, removes, templates, ...). */
function rowOf(processor: string): string[] {
  const line = doc.split('\n').find((l) => l.startsWith(`| [\`${processor}\`](`));
  assert.ok(line, `docs/pipelines.md has a row for ${processor}`);
  return line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, ''));
}

test('docs/pipelines.md is up to date with the processor table (run npm run docs)', () => {
  assert.equal(doc, renderPipelinesDoc(doc));
});

test('docs/pipelines.md has a row for every processor, linked to its reference page', () => {
  for (const name of table.names()) assert.ok(rowOf(name)[0].includes(table.get(name)?.docsUrl ?? '?'), name);
});

const rowCases: Array<[string, number, string]> = [
  ['rename', 1, '`field`'],
  ['rename', 2, '`target_field`'],
  ['rename', 4, '`field`, `target_field`'],
  ['remove', 3, '`field` (one or a list)'],
  ['grok', 5, '`patterns` (grok), `pattern_definitions` (grok definitions)'],
  ['script', 5, '`source` (painless)'],
  ['date', 6, '`@timestamp` unless `target_field`'],
  ['set', 7, '`field`, one of `value`, `copy_from`'],
];

test('a row lists the read, written and removed field options, templates, patterns, default writes and required options', () => {
  for (const [processor, column, expected] of rowCases) assert.equal(rowOf(processor)[column], expected, `${processor}, column ${column}`);
});

test('the generated section keeps the rest of the file as it is', () => {
  const section = (name: string): string => `${doc.slice(doc.indexOf(`<!-- BEGIN ${name}`), doc.indexOf(`<!-- END ${name} -->`))}<!-- END ${name} -->`;
  const other = `# Ingest pipelines\n\nWritten by hand.\n\n${section('DIAGNOSTICS')}\n\n${section('PROCESSORS')}\n\n## More\n`;
  const rendered = renderPipelinesDoc(other);
  assert.ok(rendered.startsWith('# Ingest pipelines\n\nWritten by hand.\n\n<!-- BEGIN DIAGNOSTICS'));
  assert.ok(rendered.endsWith('<!-- END PROCESSORS -->\n\n## More\n'));
  assert.throws(() => renderPipelinesDoc('# no markers\n'), /docs\/pipelines\.md has no '<!-- BEGIN (PROCESSORS|DIAGNOSTICS)/);
});
