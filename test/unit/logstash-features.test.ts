// Logstash pipelines' features through the service: a pipeline as its files together (a folder's files in lexical
// order, a file with its own input and output alone, a pipelines.yml entry and its ECS mode, the setting),
// completion at carets (field names segment by segment, allowed values, option values, option and plugin names),
// hover, level badges and quick fixes applied.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { applyEdits } from '../../server/src/document/syntaxes/logstash';
import type { FolderFiles } from '../../server/src/features/folderFiles';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings, mergeSettings } from '../../server/src/service/settings';
import { caret } from '../helpers/caret';
import { testCatalog } from './diagnostics-fixture';

/** A folder tree in memory, as the host would read it. */
class MemoryFolder implements FolderFiles {
  constructor(private readonly files: Record<string, string>) {}

  siblings(file: string): readonly string[] {
    const dir = posix.dirname(file);
    return Object.keys(this.files).filter((f) => posix.dirname(f) === dir).map((f) => posix.basename(f)).sort();
  }

  read(file: string, name: string): string | undefined {
    return this.files[posix.normalize(posix.join(posix.dirname(file), name))];
  }
}

function diagnosticsOf(files: Record<string, string>, file: string, settings = defaultSettings): string[] {
  const service = new LanguageService(testCatalog(), settings, new MemoryFolder(files));
  const text = files[file];
  const type = service.fileTypeOf(file, text, settings)!;
  assert.equal(type.kind, 'logstash', file);
  return service.diagnostics(service.parse(text, type), file).map((d) => `${d.code} ${text.slice(d.start, d.end)}`);
}

describe('a pipeline is its files together', () => {
  const INPUT = 'input {\n  beats { port => 5044 }\n}\nfilter {\n  mutate { add_field => { "raw" => "%{message}" "[event][outcme]" => "x" } }\n}\n';
  const FILTER = 'filter {\n  if [event][outcme] == "x" { mutate { add_field => { "[labels][ok]" => "y" } } }\n  if [source][ipp] { }\n}\n';
  const OUTPUT = 'filter {\n  mutate { remove_field => [ "raw" ] }\n}\noutput {\n  stdout { }\n}\n';

  test('a name read in one file and written in an earlier one is the pipeline\'s own; a field removed in a later file is temporary', () => {
    const files = { 'pipeline/1-input.conf': INPUT, 'pipeline/2-filter.conf': FILTER, 'pipeline/3-output.conf': OUTPUT };
    assert.deepEqual(diagnosticsOf(files, 'pipeline/2-filter.conf'), ['unknown-read-field ipp'], 'event.outcme is written by 1-input.conf; source.ipp by no file');
    // raw is removed by 3-output.conf: no custom-field hint on it; event.outcme is still an unknown field written.
    assert.deepEqual(diagnosticsOf(files, 'pipeline/1-input.conf'), ['unknown-field outcme']);
  });

  test('alone, the same file reads an unknown field and writes a custom one', () => {
    assert.deepEqual(diagnosticsOf({ 'pipeline/2-filter.conf': FILTER }, 'pipeline/2-filter.conf'), ['unknown-read-field outcme', 'unknown-read-field ipp']);
    assert.deepEqual(diagnosticsOf({ 'pipeline/1-input.conf': INPUT }, 'pipeline/1-input.conf'), ['unnamespaced-custom-field raw', 'unknown-field outcme']);
  });

  test('a removal inside a conditional the write is not in may not run: the write is judged', () => {
    const conditional = 'filter {\n  mutate { add_field => { "raw" => "x" } }\n  if "_failed" in [tags] { mutate { remove_field => [ "raw" ] } }\n  mutate { add_field => { "tmp" => "y" } }\n  mutate { remove_field => [ "tmp" ] }\n}\n';
    assert.deepEqual(diagnosticsOf({ 'pipeline/a.conf': conditional }, 'pipeline/a.conf'), ['unnamespaced-custom-field raw']);
  });

  test('a file with both an input and an output section is a pipeline by itself, whatever else is in its folder', () => {
    const whole = `${INPUT}output {\n  stdout { }\n}\n`;
    const files = { 'pipeline/a.conf': whole, 'pipeline/b.conf': OUTPUT };
    assert.deepEqual(diagnosticsOf(files, 'pipeline/a.conf'), ['unnamespaced-custom-field raw', 'unknown-field outcme']);
  });

  test('a pipelines.yml beside the files names the pipeline\'s files and its ECS mode', () => {
    const useragent = 'filter {\n  useragent { source => "[user_agent][original]" target => "[user_agent]" }\n}\n';
    const yml = '- pipeline.id: web\n  path.config: "/usr/share/logstash/pipeline/web-*.conf"\n  pipeline.ecs_compatibility: disabled\n- pipeline.id: other\n  path.config: "/usr/share/logstash/pipeline/other.conf"\n';
    const files = { 'pipeline/pipelines.yml': yml, 'pipeline/web-1.conf': useragent, 'pipeline/other.conf': useragent };
    // Legacy names (major, os_name, ...) under user_agent in the web pipeline's disabled mode; ECS names in the other.
    const web = diagnosticsOf(files, 'pipeline/web-1.conf');
    assert.ok(web.some((d) => d.startsWith('undefined-field-set useragent')), web.join(' | '));
    const nested = { 'logstash/pipelines.yml': yml.replace(/pipeline\//g, 'apache/'), 'logstash/apache/web-1.conf': 'filter {\n  date { match => [ "[ts]", "ISO8601" ] target => "[event][created]" }\n}\n' };
    assert.deepEqual(diagnosticsOf(nested, 'logstash/apache/web-1.conf'), [], 'a pipelines.yml in the folder above, its entry naming the folder');
  });

  test('the setting gives the mode when no pipelines.yml does', () => {
    const syslog = 'filter {\n  syslog_pri { }\n}\n';
    const legacy = diagnosticsOf({ 'pipeline/a.conf': syslog }, 'pipeline/a.conf', mergeSettings({ logstash: { ecsCompatibility: 'disabled' } }));
    assert.ok(legacy.length > 0 && legacy.every((d) => d === 'unnamespaced-custom-field syslog_pri'), `legacy names at the root: ${legacy.join(' | ')}`);
    assert.deepEqual(diagnosticsOf({ 'pipeline/a.conf': syslog }, 'pipeline/a.conf'), [], 'ECS names in v8');
  });
});

const service = new LanguageService(testCatalog(), defaultSettings);

function open(text: string, file = 'pipeline/main.conf') {
  const type = service.fileTypeOf(file, text, defaultSettings)!;
  const doc = service.parse(text, type);
  return { doc, diagnostics: service.diagnostics(doc, file) };
}

/** Labels offered at the caret, and what the first one inserts over which text. */
function complete(fixture: string): { labels: string[]; first?: string } {
  const { text, offset } = caret(fixture);
  const { doc } = open(text);
  const items = service.complete(doc, 'pipeline/main.conf', offset);
  const first = items[0] && `${text.slice(items[0].replace.start, items[0].replace.end)} -> ${items[0].insertText}`;
  return { labels: items.map((i) => i.label), first };
}

describe('completion', () => {
  test('inside a condition\'s selector, the names below the segments typed, each closing its ]', () => {
    const { labels, first } = complete('filter {\n  if [source][| {\n  }\n}\n');
    assert.ok(labels.includes('ip') && labels.includes('geo') && !labels.includes('source'), labels.join(' '));
    assert.equal(first, ' -> address]');
    assert.ok(complete('filter {\n  if [source][i|] {\n  }\n}\n').first?.endsWith('-> address'), 'a ] that follows is not written again');
  });

  test('in an option that names a field, in sprintf, in a grok capture, in a dissect key and in Ruby\'s event.get', () => {
    for (const fixture of [
      'filter {\n  geoip { source => "[source][|" }\n}\n',
      'filter {\n  mutate { add_field => { "a" => "%{[source][|" } }\n}\n',
      'filter {\n  grok { match => { "message" => "%{IP:[source][|}" } }\n}\n',
      'filter {\n  dissect { mapping => { "message" => "%{+[source][|}" } }\n}\n',
      'filter {\n  ruby { code => "event.get(\'[source][|\')" }\n}\n',
    ]) assert.ok(complete(fixture).labels.includes('ip'), fixture);
    const root = complete('filter {\n  geoip { source => "|" }\n}\n');
    assert.ok(root.labels.includes('source') && root.labels.includes('@timestamp'), root.labels.join(' '));
    assert.ok(root.first?.includes('-> [@timestamp]'), root.first);
  });

  test('names the pipeline writes itself are offered after the schema\'s', () => {
    const { labels } = complete('filter {\n  mutate { add_field => { "[fortinet][srcip]" => "x" } }\n  if [fortinet][| { }\n}\n');
    assert.deepEqual(labels, ['srcip']);
  });

  test('the allowed values of a field a constant is written to, or compared with', () => {
    assert.deepEqual(complete('filter {\n  mutate { add_field => { "[event][outcome]" => "|" } }\n}\n').labels, ['failure', 'success', 'unknown']);
    assert.deepEqual(complete('filter {\n  if [event][outcome] == "s|" { }\n}\n').labels, ['failure', 'success', 'unknown']);
  });

  test('an option\'s values, a conversion\'s types', () => {
    assert.ok(complete('filter {\n  fingerprint { method => "|" }\n}\n').labels.includes('SHA256'));
    assert.deepEqual(complete('filter {\n  mutate { convert => { "[source][port]" => "|" } }\n}\n').labels, ['integer', 'integer_eu', 'float', 'float_eu', 'string', 'boolean']);
  });

  test('option names of the plugin, the required first, as snippets; plugin names with their required options', () => {
    const { text, offset } = caret('filter {\n  geoip {\n    |\n  }\n}\n');
    const items = service.complete(open(text).doc, 'pipeline/main.conf', offset);
    assert.equal(items[0].label, 'source');
    assert.equal(items[0].insertText, 'source => "[$1]"');
    assert.ok(items.some((i) => i.label === 'add_field'), 'the options every filter takes');
    const plugins = caret('filter {\n  tra|\n}\n');
    const translate = service.complete(open(plugins.text).doc, 'pipeline/main.conf', plugins.offset).find((i) => i.label === 'translate');
    assert.equal(translate?.insertText, 'translate {\n    source => "[$1]"\n  }');
  });

  test('nothing inside a comment, a plain string value or a number', () => {
    assert.deepEqual(complete('filter {\n  # [source][|\n}\n').labels, []);
    assert.deepEqual(complete('filter {\n  mutate { add_tag => [ "a|" ] }\n}\n').labels, []);
  });
});

describe('hover, level badges and quick fixes', () => {
  const TEXT = [
    'filter {',
    '  if [event][outcme] == "failure" {',
    '    mutate { add_field => { "[event][kind]" => "alrt" } copy => { "[source][ip]" => "destination.ip" } }',
    '  }',
    '  geoip { source => "[source][ip]" }',
    '  grok { match => { "message" => "%{NUMBER:[source][bytes]} %{SYSLOGBASE}" } }',
    '  fingerprint { method => "SHA3" sorce => "x" }',
    '}',
    '',
  ].join('\n');
  const { doc, diagnostics } = open(TEXT);

  test('hover: a selector\'s segment, a plugin with what it writes, an option, a named grok pattern', () => {
    const at = (needle: string, shift = 1) => service.hover(doc, 'pipeline/main.conf', TEXT.indexOf(needle) + shift);
    assert.match(at('[event][outcme]', 2)?.markdown ?? '', /`event`/);
    assert.match(at('outcme')?.markdown ?? '', /event\.outcme/);
    const geoip = at('geoip')?.markdown ?? '';
    assert.match(geoip, /ECS compatibility: \*\*v8\*\*/);
    assert.match(geoip, /source\.geo\.city_name/);
    assert.match(at('method')?.markdown ?? '', /fingerprint option/);
    assert.match(at('SYSLOGBASE')?.markdown ?? '', /host\]\[hostname\]/);
  });

  test('level badges after each reference the schema knows', () => {
    const hints = service.inlayHints(doc, 'pipeline/main.conf', { start: 0, end: TEXT.length });
    const after = (needle: string): string | undefined => hints.find((h) => h.offset === TEXT.indexOf(needle) + needle.length)?.label;
    assert.equal(after('[event][kind]'), 'core');
    assert.equal(after('%{NUMBER:[source][bytes]'), 'core');
    assert.equal(after('[event][outcme]'), undefined, 'no badge on an unknown field');
  });

  test('each quick fix, applied, leaves what it promises', () => {
    const fixes = service.codeActions(doc, 'pipeline/main.conf', { start: 0, end: TEXT.length }, diagnostics);
    const applied = (title: string): string => {
      const fix = fixes.find((f) => f.title === title);
      assert.ok(fix, `offered: ${fixes.map((f) => f.title).join(' | ')}`);
      return applyEdits(TEXT, [...fix.edits].sort((a, b) => a.start - b.start));
    };
    assert.match(applied('Rename to [event][outcome]'), /if \[event\]\[outcome\] ==/);
    assert.match(applied("Replace with 'alert'"), /"\[event\]\[kind\]" => "alert"/);
    assert.match(applied('Write [destination][ip]'), /=> "\[destination\]\[ip\]"/);
    assert.match(applied("Capture as ':int'"), /%\{NUMBER:\[source\]\[bytes\]:int\}/);
    assert.match(applied("Replace with 'SHA1'"), /method => "SHA1"/);
    assert.match(applied("Change to 'source'"), /source => "x"/);
    const geoip = open('filter {\n  geoip {\n    target => "[client]"\n  }\n}\n');
    const add = service.codeActions(geoip.doc, 'pipeline/main.conf', { start: 0, end: 40 }, geoip.diagnostics).find((f) => f.title === "Add the required option 'source'");
    assert.equal(applyEdits(geoip.doc.text, add!.edits), 'filter {\n  geoip {\n    target => "[client]"\n    source => ""\n  }\n}\n');
  });
});
