// docs/logstash.md's "Plugins and options understood" and "ECS-mode defaults modelled" come from the Logstash plugin
// table and the grok pattern captures (schema/logstash/); this fails when the data changed and the page was not
// rewritten (node --import tsx scripts/logstashDoc.ts), and checks that the rows say what the features rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadLogstashPluginTable } from '../../server/src/catalog/logstashPlugins';
import { LOGSTASH_DOC, renderLogstashDoc } from '../../scripts/logstashDoc';
import { logstashKind } from '../../server/src/kinds/logstash/logstashKind';

const doc = readFileSync(LOGSTASH_DOC, 'utf8');
const table = loadLogstashPluginTable();

/** The cells of the first table row that starts with `start`. */
function rowOf(start: string): string[] {
  const line = doc.split('\n').find((l) => l.startsWith(start));
  assert.ok(line, `docs/logstash.md has a row starting ${start}`);
  return line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, ''));
}

/** The text under a heading, up to the next heading of the same or a higher level. */
function section(heading: string): string {
  const at = doc.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `docs/logstash.md has ${heading}`);
  const level = heading.split(' ')[0];
  const rest = doc.slice(at + heading.length + 2);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

test('docs/logstash.md is up to date with the plugin table (run node --import tsx scripts/logstashDoc.ts)', () => {
  assert.equal(doc, renderLogstashDoc(doc));
});

test('"Plugins and options understood" has a row for every plugin, naming every option it understands', () => {
  const plugins = section('## Plugins and options understood');
  const titles = { filter: '### Filters', input: '### Inputs', output: '### Outputs' } as const;
  for (const kind of ['filter', 'input', 'output'] as const) {
    const rows = section(titles[kind]).split('\n');
    for (const name of table.names(kind)) {
      const plugin = table.plugin(kind, name);
      assert.ok(plugin);
      const row = rows.find((l) => l.startsWith(`| [\`${name}\`](${plugin.docsUrl})`));
      assert.ok(row, `${kind} ${name} has a row linking its page`);
      for (const option of Object.values(plugin.options).filter((o) => !o.common)) assert.ok(row.includes(`\`${option.name}\``), `${name}.${option.name}`);
    }
  }
  assert.match(plugins, /`coerce`, `rename`, `update`, `replace`, `convert`, `gsub`, `uppercase`, `capitalize`, `lowercase`, `strip`, `split`, `join`, `merge`, `copy`/);
});

const rowCases: Array<[string, number, RegExp]> = [
  ['| [`mutate`]', 1, /`rename` \(keys move, values write, sprintf\)/],
  ['| [`mutate`]', 1, /`convert` \(keys update, values type names: integer, integer_eu, float, float_eu, string, boolean\)/],
  ['| [`grok`]', 1, /`match` \(source field read => grok patterns, captures written\)/],
  ['| [`prune`]', 1, /`whitelist_names` \(regexes on top-level names, not fields\)/],
  ['| [`json`]', 3, /^`source`$/],
  ['| [`xml`]', 3, /`source`, `target` when `store_xml` is true/],
  ['| filter `geoip`', 3, /the parent of an `\[\.\.\.\]\[ip\]` `source`; otherwise required/],
  ['| filter `useragent`', 2, /^none$/],
  ['| filter `useragent`', 3, /^`user_agent`$/],
  ['| `useragent`', 2, /under `target`: `\[name\]`, `\[version\]`, `\[os\]\[name\]`/],
  ['| `HTTPD_COMMONLOG`', 1, /`\[http\]\[response\]\[status_code\]`:int/],
  ['| `HTTPD_COMMONLOG`', 2, /`clientip`/],
];

test('rows say how options name fields, the required options, the mode defaults and the grok captures', () => {
  for (const [start, column, expected] of rowCases) assert.match(rowOf(start)[column], expected, `${start}, column ${column}`);
  const ecs = section('## ECS-mode defaults modelled');
  assert.match(ecs, /`csv`, `json`, `kv` log that `target` is not set/);
  assert.match(ecs, /`date` writes `@timestamp`/);
  for (const name of table.grokPatternNames('ecs-v1')) assert.ok(ecs.includes(`| \`${name}\` |`), `grok pattern ${name}`);
});

test('the generated sections keep the rest of the page as it is', () => {
  const part = (name: string): string => `${doc.slice(doc.indexOf(`<!-- BEGIN ${name}`), doc.indexOf(`<!-- END ${name} -->`))}<!-- END ${name} -->`;
  const other = `# Logstash\n\nWritten by hand.\n\n${part('LOGSTASH_PLUGINS')}\n\n## Between\n\n${part('LOGSTASH_ECS')}\n\n## More\n\n${part('LOGSTASH_DIAGNOSTICS')}\n\n## Last\n`;
  const rendered = renderLogstashDoc(other);
  assert.ok(rendered.startsWith('# Logstash\n\nWritten by hand.\n\n<!-- BEGIN LOGSTASH_PLUGINS'));
  assert.ok(rendered.includes('<!-- END LOGSTASH_PLUGINS -->\n\n## Between\n\n<!-- BEGIN LOGSTASH_ECS'));
  assert.ok(rendered.includes('<!-- END LOGSTASH_ECS -->\n\n## More\n\n<!-- BEGIN LOGSTASH_DIAGNOSTICS'));
  assert.ok(rendered.endsWith('<!-- END LOGSTASH_DIAGNOSTICS -->\n\n## Last\n'));
  assert.throws(() => renderLogstashDoc('# no markers\n'), /docs\/logstash\.md has no '<!-- BEGIN LOGSTASH_(PLUGINS|ECS|DIAGNOSTICS)/);
});

test('"Diagnostics" lists every code a Logstash pipeline can get, with its default severity', () => {
  const rows = section('## Diagnostics').split('\n').filter((l) => l.startsWith('| `'));
  const codes = rows.map((l) => rowOf(l.slice(0, l.indexOf('` |') + 3)));
  for (const rule of logstashKind.rules.filter((r) => r.code !== 'alias-expansion-limit')) {
    const row = codes.find((cells) => cells[0] === `\`${rule.code}\``);
    assert.ok(row, `docs/logstash.md lists ${rule.code}`);
    assert.equal(row[1], rule.defaultSeverity, rule.code);
  }
  assert.equal(codes.length, logstashKind.rules.length - 1);
});
