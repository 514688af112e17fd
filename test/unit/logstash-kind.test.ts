// Logstash pipelines as a file kind: which `.conf` files are Logstash (a glob makes a file a candidate and its content
// confirms it; content alone is enough; an nginx or systemd `.conf` never is), the editor language a recognised file
// is told to take, and the outline, folds, formatting and syntax diagnostics the service answers for one.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyEdits } from '../../server/src/document/syntaxes/logstash';
import { expandPaths, fileTypeOf, formatFromName, guessFormat } from '../../server/src/service/detect';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings, mergeSettings } from '../../server/src/service/settings';
import type { OutlineSymbol } from '../../server/src/features/types';
import { testCatalog } from './diagnostics-fixture';

const PIPELINE = [
  '# Apache access logs',
  'input {',
  '  beats { port => 5044 }',
  '}',
  'filter {',
  '  if [type] == "apache" {',
  '    grok { match => { "message" => "%{COMBINEDAPACHELOG}" } id => "parse" }',
  '  } else {',
  '    drop { }',
  '  }',
  '}',
  'output {',
  '  elasticsearch { hosts => ["localhost:9200"] }',
  '}',
  '',
].join('\n');

const NGINX = 'user nginx;\nworker_processes auto;\nevents {\n  worker_connections 1024;\n}\nhttp {\n  server {\n    listen 80;\n  }\n}\n';
const NGINX_SITE = '# default site\nserver {\n  listen 80;\n  location / { root /usr/share/nginx/html; }\n}\n';
const SYSTEMD = '[Unit]\nDescription=Logstash\n\n[Service]\nExecStart=/usr/share/logstash/bin/logstash\n';

function kindOf(file: string, text: string, settings = defaultSettings, languageId?: string): string | undefined {
  return fileTypeOf(file, text, settings, testCatalog(), languageId)?.kind;
}

describe('which files are Logstash pipelines', () => {
  test('a .conf file is a candidate by name, and a file opened as logstash by its language', () => {
    assert.equal(formatFromName('pipeline/main.conf'), 'logstash');
    assert.equal(formatFromName('A.CONF'), 'logstash');
    assert.equal(kindOf('untitled-1', PIPELINE, defaultSettings, 'logstash'), 'logstash');
  });

  test('a file the globs name is Logstash when its content confirms it', () => {
    for (const file of ['pipeline/main.conf', 'etc/logstash/conf.d/10-beats.conf', 'deploy/logstash/pipelines/a/b.conf']) {
      assert.equal(kindOf(file, PIPELINE), 'logstash', file);
    }
  });

  test('an nginx or systemd .conf is never Logstash, even where the globs look (conf.d/, logstash/)', () => {
    for (const [file, text] of [['config/nginx.conf', NGINX], ['etc/nginx/conf.d/default.conf', NGINX_SITE], ['etc/logstash/logstash.conf', SYSTEMD], ['conf.d/site.conf', NGINX_SITE]] as const) {
      assert.equal(kindOf(file, text), undefined, file);
    }
  });

  test('content alone makes a .conf file Logstash, wherever it is', () => {
    assert.equal(kindOf('somewhere/else/beats.conf', PIPELINE), 'logstash');
    assert.equal(kindOf('x.conf', 'filter{mutate{}}'), 'logstash', 'no whitespace');
    assert.equal(kindOf('x.conf', '\ufeffoutput {\n}\n'), 'logstash', 'a byte order mark (reported by the parse) does not hide it');
    assert.equal(kindOf('x.conf', '# input {\n# }\n'), undefined, 'a commented-out section is no section');
    assert.equal(kindOf('x.conf', 'inputs {\n}\n'), undefined, 'another word');
    assert.equal(kindOf('x.conf', 'input\n# the beats port\n{ beats { port => 5044 } }\n'), 'logstash', 'a comment between the section and its brace');
    assert.equal(kindOf('x.conf', 'input = 5\n'), undefined, 'a key named input');
  });

  test('a glob naming a .conf file still needs its content: a changed glob does not make nginx.conf Logstash', () => {
    const settings = mergeSettings({ files: { logstash: ['**/*.conf'] } });
    assert.equal(kindOf('config/nginx.conf', NGINX, settings), undefined);
    assert.equal(kindOf('config/main.conf', PIPELINE, settings), 'logstash');
  });

  test('a text whose name says nothing is guessed Logstash when it opens a section', () => {
    assert.equal(guessFormat(PIPELINE), 'logstash');
    assert.equal(guessFormat('input {'), 'logstash');
    assert.equal(guessFormat('input: {}\n'), 'yaml');
    assert.equal(guessFormat('{"input": {}}'), 'json');
  });

  test('the command line expands a folder to its .conf files too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldwise-logstash-'));
    try {
      mkdirSync(join(dir, 'pipeline'));
      writeFileSync(join(dir, 'pipeline', '1-input.conf'), PIPELINE);
      writeFileSync(join(dir, 'nginx.conf'), NGINX);
      writeFileSync(join(dir, 'notes.txt'), 'input {');
      const found = expandPaths([dir], dir).candidates.map((c) => c.display.replace(/\\/g, '/').split('/').slice(-2).join('/')).sort();
      assert.deepEqual(found, [`${dir.split(/[\\/]/).pop()}/nginx.conf`, 'pipeline/1-input.conf']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the editor language of a recognised file', () => {
  const service = new LanguageService(testCatalog());

  test('a .conf file opened as another language is told to be logstash; one opened as logstash is left as it is', () => {
    const type = service.fileTypeOf('pipeline/main.conf', PIPELINE, defaultSettings, 'properties')!;
    assert.equal(service.languageFor(type, 'properties'), 'logstash');
    assert.equal(service.languageFor(type, 'plaintext'), 'logstash');
    assert.equal(service.languageFor(type, 'logstash'), undefined);
  });

  test('JSON and YAML files keep the language they were opened with when it says their format', () => {
    const json = service.fileTypeOf('ingest/p.json', '{"processors": [{"set": {"field": "a", "value": 1}}]}', defaultSettings, 'jsonc')!;
    assert.equal(service.languageFor(json, 'jsonc'), undefined);
    assert.equal(service.languageFor(json, 'json'), undefined);
  });
});

/** The outline as indented `kind name` lines. */
function outline(symbols: readonly OutlineSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${s.kind} ${s.name}`, ...outline(s.children, depth + 1)]);
}

describe('the service on a Logstash file', () => {
  const service = new LanguageService(testCatalog());
  const open = (text: string, file = 'pipeline/main.conf') => {
    const type = service.fileTypeOf(file, text, defaultSettings)!;
    assert.equal(type.kind, 'logstash');
    return service.parse(text, type);
  };

  test('the outline: sections, plugins (named with their id), conditionals and their branches', () => {
    const doc = open(PIPELINE);
    assert.deepEqual(outline(service.symbols(doc)), [
      'namespace input',
      '  function beats',
      'namespace filter',
      '  operator if [type] == "apache"',
      '    function grok (parse)',
      '  operator else',
      '    function drop',
      'namespace output',
      '  function elasticsearch',
    ]);
    const grok = service.symbols(doc)[1].children[0].children[0];
    assert.equal(PIPELINE.slice(grok.selection.start, grok.selection.end), 'grok', 'the plugin name is selected');
    assert.ok(PIPELINE.slice(grok.start, grok.end).startsWith('grok {') && PIPELINE.slice(grok.start, grok.end).endsWith('}'));
  });

  test('folds: every block that spans lines and the first comment lines', () => {
    const text = '# one\n# two\ninput {\n  beats {\n    port => 5044\n  }\n}\n';
    const folds = service.folding(open(text))!.map((f) => `${text.slice(f.start, f.end).split('\n')[0]}${f.kind ? ` (${f.kind})` : ''}`);
    assert.deepEqual(folds, ['# one (comment)', 'input {', 'beats {']);
  });

  test('formatting re-indents with the editor\'s tab size, or tabs, and range formatting touches only the lines asked', () => {
    const text = 'filter {\nmutate {\nadd_field => { "a" => "%{b}  c" }\n}\n}\n';
    const doc = open(text);
    assert.equal(applyEdits(text, service.format(doc, { tabSize: 4, insertSpaces: true })!),
      'filter {\n    mutate {\n        add_field => { "a" => "%{b}  c" }\n    }\n}\n');
    assert.equal(applyEdits(text, service.format(doc, { tabSize: 4, insertSpaces: false })!),
      'filter {\n\tmutate {\n\t\tadd_field => { "a" => "%{b}  c" }\n\t}\n}\n');
    const line3 = text.indexOf('add_field');
    assert.equal(applyEdits(text, service.format(doc, { tabSize: 2, insertSpaces: true }, { start: line3, end: line3 })!),
      'filter {\nmutate {\n    add_field => { "a" => "%{b}  c" }\n}\n}\n');
  });

  test('syntax problems are syntax-error diagnostics, and the plugins after one still outline', () => {
    const text = 'filter {\n  mutate { add_field => }\n  grok { }\n}\n';
    const doc = open(text);
    const found = service.diagnostics(doc, 'pipeline/main.conf');
    assert.deepEqual(found.map((d) => [d.code, d.severity, text.slice(d.start, d.end) || text.slice(d.start, d.start + 1)]), [['syntax-error', 'error', '=>']]);
    assert.match(found[0].message, /value/);
    assert.deepEqual(outline(service.symbols(doc)), ['namespace filter', '  function mutate', '  function grok']);
  });

  test('a clean pipeline has no findings; the custom root field a named grok pattern writes is a hint until removed', () => {
    const found = service.diagnostics(open(PIPELINE), 'pipeline/main.conf');
    assert.deepEqual(found.map((d) => [d.code, PIPELINE.slice(d.start, d.end)]), [['unnamespaced-custom-field', 'COMBINEDAPACHELOG']]);
    assert.match(found[0].message, /'timestamp' .*\(the named grok pattern writes it, ECS compatibility v8\)$/);
    const dated = PIPELINE.replace('id => "parse" }', 'id => "parse" }\n    date { match => ["timestamp", "dd/MMM/yyyy:HH:mm:ss Z"] remove_field => ["timestamp"] }');
    assert.deepEqual(service.diagnostics(open(dated), 'pipeline/main.conf'), []);
  });
});
