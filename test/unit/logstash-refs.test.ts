// Every field a Logstash config names, as data: each row is a config (or a filter body) and the references a user
// would see in it, in the order Logstash runs them, each written `ACCESS ROLE segment|segment` where every segment is
// the text its span covers in the config (so a wrong range fails as surely as a wrong name); a field written by
// default is `ACCESS* ROLE path @where` (`where`: the text it is placed on, the plugin's or the pattern's name).
// ACCESS: r read, w write, u update (read, then written in place), x remove, m move (read, then removed).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EcsMode } from '../../server/src/catalog/logstashPlugins';
import { loadLogstashPluginTable } from '../../server/src/catalog/logstashPlugins';
import { parseLogstash } from '../../server/src/document/syntaxes/logstash';
import { type ConfigRef, configRefs } from '../../server/src/kinds/logstash/configRefs';
import { parseFieldReference } from '../../server/src/kinds/logstash/refs/fieldReference';
import { sprintfParts } from '../../server/src/kinds/logstash/refs/sprintf';
import { grokCaptures } from '../../server/src/kinds/logstash/refs/grokCaptures';
import { dissectKeys } from '../../server/src/kinds/logstash/refs/dissectKeys';
import { rubyRefs } from '../../server/src/kinds/logstash/refs/rubyCode';

const table = loadLogstashPluginTable();
const ACCESS: Record<string, string> = { read: 'r', write: 'w', update: 'u', remove: 'x', move: 'm' };

function shown(text: string, r: ConfigRef): string {
  const access = ACCESS[r.access];
  if (r.ref.detail.implied) {
    const at = r.ref.segments[0];
    return `${access}* ${r.ref.role} ${r.ref.joinedPath} @${text.slice(at.start, at.end)}`;
  }
  if (r.written?.problem !== undefined) return `${access}! ${r.ref.role} ${text.slice(r.written.span.start, r.written.span.end)}`;
  const segments = r.written!.form === 'bare' ? [r.written!.segments[0]] : r.written!.segments;
  return `${access} ${r.ref.role} ${segments.map((s) => text.slice(s.start, s.end)).join('|')}${r.metadata ? ' (metadata)' : ''}`;
}

function refsOf(config: string, mode: EcsMode = 'v8', keepImplied = false): string[] {
  const text = /^\s*(input|filter|output)\s*\{/.test(config) ? config : `filter {\n${config}\n}\n`;
  return configRefs(parseLogstash(text), table, mode).refs.filter((r) => keepImplied || !r.ref.detail.implied).map((r) => shown(text, r));
}

describe('the field reference grammar', () => {
  const cases: Array<[string, string[] | string]> = [
    ['[source][ip]', ['source', 'ip']],
    ['message', ['message']],
    ['source.ip', ['source.ip']],
    ['[raw][id.orig_h]', ['raw', 'id.orig_h']],
    ['[a b][c]', ['a b', 'c']],
    ['[host][ip][0]', ['host', 'ip']],
    ['[a][-1][b]', ['a', 'b']],
    ['[[source][ip]]', ['source', 'ip']],
    ['[[[a][b]]][c]', ['a', 'b', 'c']],
    ['[@metadata][x]', ['@metadata', 'x']],
    ['[a%5Bb%5D][c&#93;]', ['a%5Bb%5D', 'c&#93;']],
    ['[a]b', "'[a]b' has text after its last ]"],
    ['[a][', "'[a][' has a [ without its ]"],
    ['[a[b]]', "'[a[b]]' has a [ inside a name"],
    ['[]', "'[]' has an empty []"],
    ['foo[bar]', "'foo[bar]' mixes a bare name with brackets: write every part in brackets ([a][b]), or none"],
    ['[0]', "'[0]' names no field"],
  ];
  for (const [input, expected] of cases) {
    test(input, () => {
      const ref = parseFieldReference(input, 0, input.length, 10)!;
      if (typeof expected === 'string') assert.equal(ref.problem, expected);
      else {
        assert.equal(ref.problem, undefined);
        assert.deepEqual(ref.segments.map((s) => s.name), expected);
        for (const s of ref.segments) assert.equal(input.slice(s.start - 10, s.end - 10), s.name, 'each span covers its name');
      }
    });
  }
  test('an empty text is no reference', () => assert.equal(parseFieldReference('x', 0, 0, 0), undefined));
});

describe('references inside strings', () => {
  test('sprintf: fields, not dates, not environment references', () => {
    const text = '%{[source][ip]} %{host} %{+YYYY.MM.dd} %{{yyyy-MM-dd}} %{+%s} ${HOME} ${PORT:5044} %{[@metadata][x]} %{[unclosed]';
    const parts = sprintfParts(text, 0).map((p) => (p.ref ? p.ref.segments.map((s) => text.slice(s.start, s.end)).join('|') : `date ${text.slice(p.start, p.end)}`));
    assert.deepEqual(parts, ['source|ip', 'host', 'date %{+YYYY.MM.dd}', 'date %{{yyyy-MM-dd}}', 'date %{+%s}', '@metadata|x']);
  });

  test('grok: bracketed and bare captures, types, named groups, escapes and character classes', () => {
    const text = '%{IP:[source][ip]} %{IP:source.ip} %{NUMBER:[source][port]:int} %{NUMBER:n:float} %{WORD} (?<[user][name]>\\w+) (?<pri>\\d+) \\%{IP:x} [(?<no>a)] (?<=y) %{IP:[a][b]=\\d+}';
    const captures = grokCaptures(text, 0).map((c) => `${c.syntax?.name ?? 'group'}:${c.field ? c.field.segments.map((s) => text.slice(s.start, s.end)).join('|') : '-'}${c.type ? `:${c.type.name}` : ''}`);
    assert.deepEqual(captures, ['IP:source|ip', 'IP:source.ip', 'NUMBER:source|port:int', 'NUMBER:n:float', 'WORD:-', 'group:user|name', 'group:pri', 'IP:a|b']);
  });

  test('dissect: written keys, appends (with their order), skipped and indirect keys, padding', () => {
    const text = '%{[source][ip]} %{+[a][b]} %{+[a][b]/2} %{?skip} %{*k} %{&k} %{ts->} %{}';
    const keys = dissectKeys(text, 0).map((k) => (k.field ? `${k.append ? '+' : ''}${k.field.segments.map((s) => text.slice(s.start, s.end)).join('|')}` : '-'));
    assert.deepEqual(keys, ['source|ip', '+a|b', '+a|b', '-', '-', '-', 'ts', '-']);
  });

  test('ruby: the Event API with string literals; computed names are not read', () => {
    const code = "v = event.get('[url][original]'); event.set(\"[url][path]\", v); event.remove('tmp'); event.include?('[a]'); event.get(name); event.get(\"#{x}\")";
    assert.deepEqual(rubyRefs(code, 0).map((r) => `${r.access} ${r.ref.segments.map((s) => code.slice(s.start, s.end)).join('|')}`),
      ['read url|original', 'write url|path', 'remove tmp', 'read a']);
  });
});

const rows: Array<[string, string, string[]]> = [
  ['a condition reads its selectors, index fragments left out', 'if [event][kind] == "alert" and [host][ip][0] and !("x" in [tags]) { }',
    ['r selector event|kind', 'r selector host|ip', 'r selector tags']],
  ['a bare name and a bracket reference as option values', 'geoip { source => "client_ip" target => "[client]" }', ['r name client_ip', 'w name client']],
  ['a bareword value names a field too', 'json { source => message target => "[parsed]" }', ['r name message', 'w name parsed']],
  ['a dotted bare name is one literal key, judged as the path it spells', 'json { source => "event.original" target => "[a]" }', ['r name event.original', 'w name a']],
  ['common options: add_field keys and sprintf values, remove_field, tags', 'drop { add_field => { "[event][reason]" => "%{[rule][name]}" } remove_field => [ "[tmp]", "old" ] add_tag => [ "t_%{type}" ] }',
    ['w name event|reason', 'r template rule|name', 'x name tmp', 'x name old', 'r template type']],
  ['mutate runs its operations in its fixed order, then the common options', [
    'mutate {',
    '  copy => { "[a]" => "[b]" }',
    '  lowercase => [ "[c]" ]',
    '  rename => { "[d]" => "[e]" }',
    '  convert => { "[f]" => "integer" }',
    '  add_field => { "[g]" => "x" }',
    '  gsub => [ "[h]", "/", "_", "[i]", "\\\\s", "%{[j]}" ]',
    '  merge => { "[k]" => "[l]" }',
    '}',
  ].join('\n'), ['m name d', 'w name e', 'u name f', 'u name h', 'u name i', 'r template j', 'u name c', 'u name k', 'r name l', 'r name a', 'w name b', 'w name g']],
  ['grok: the source read, captures written (under target when set)', 'grok { match => { "message" => "%{IP:[client][ip]} %{DATA:user}" } target => "[parsed]" }',
    ['r name message', 'w pattern parsed|client|ip', 'w pattern parsed|user', 'w name parsed']],
  ['grok: a match written as an array', 'grok { match => [ "message", "%{WORD:[event][action]}" ] }', ['r name message', 'w pattern event|action']],
  ['dissect: the source read, keys written, conversions updated', 'dissect { mapping => { "message" => "%{[source][ip]} %{?x} %{+[a]}" } convert_datatype => { "[source][port]" => "int" } }',
    ['r name message', 'w pattern source|ip', 'w pattern a', 'u name source|port']],
  ['date: the field read from match, the target written', 'date { match => [ "[event][created]", "ISO8601" ] target => "[event][start]" }', ['r name event|created', 'w name event|start']],
  ['kv and csv: names written under the target', 'kv { source => "msg" target => "[kv]" default_keys => { "user" => "none" } } csv { columns => [ "a", "b" ] target => "[c]" }',
    ['r name msg', 'w name kv', 'w name kv|user', 'w name c|a', 'w name c|b', 'w name c']],
  ['translate, xml xpath, split, fingerprint, dns, cidr, urldecode', [
    'translate { source => "[event][code]" target => "[event][reason]" fallback => "%{[event][code]}" }',
    'xml { source => "raw" target => "[doc]" xpath => { "/a/text()" => "[x][a]" } }',
    'split { field => "[items]" }',
    'fingerprint { source => [ "[a]", "[b]" ] target => "[event][hash]" method => "SHA256" }',
    'dns { resolve => [ "[source][domain]" ] }',
    'cidr { address => [ "%{[source][ip]}" ] network => [ "10.0.0.0/8" ] }',
    'urldecode { field => "[url][query]" }',
  ].join('\n'), ['r name event|code', 'w name event|reason', 'r template event|code', 'r name raw', 'w name doc', 'w name x|a', 'r name items',
    'r name a', 'r name b', 'w name event|hash', 'u name source|domain', 'r template source|ip', 'u name url|query']],
  ['ruby code through the Event API', 'ruby { code => "event.set(\'[event][ingested]\', event.get(\'[@timestamp]\'))" }', ['w script event|ingested', 'r script @timestamp']],
  ['metadata is kept, marked', 'mutate { add_field => { "[@metadata][target]" => "x" } }', ['w name @metadata|target (metadata)']],
  ['prune names regular expressions, not fields; kv parsed keys are not fields', 'prune { whitelist_names => [ "^source$" ] } kv { include_keys => [ "user" ] target => "[k]" }', ['w name k']],
  ['a templated name reads its references; an environment reference names nothing', 'mutate { add_field => { "[%{type}][id]" => "${ID}" } remove_field => [ "${FIELD}" ] }', ['r template type']],
  ['an unmodelled filter: its own settings\' sprintf references first, then the common options', 'my_filter { add_field => { "[a]" => "%{[b]}" } other => "%{[c]}" }',
    ['r template c', 'w name a', 'r template b']],
  ['inputs and outputs: their sprintf references and common options', 'input { beats { port => 5044 add_field => { "[event][module]" => "x" } type => "y" } }\noutput { elasticsearch { index => "logs-%{[event][dataset]}-%{+YYYY.MM.dd}" } file { path => "/tmp/%{host}.log" codec => line { format => "%{message}" } } }\n',
    ['w name event|module', 'r template event|dataset', 'r template host', 'r template message']],
  ['a reference Logstash rejects is kept, judged by no name rule', 'mutate { add_field => { "[a]b" => "x" } }', ['w! name [a]b']],
];

describe('references of a config', () => {
  for (const [name, config, expected] of rows) test(name, () => assert.deepEqual(refsOf(config), expected));
});

describe('what plugins write without naming it, by ECS mode', () => {
  const implied = (config: string, mode: EcsMode): string[] => refsOf(config, mode, true).filter((s) => s.includes('* '));
  test('date writes @timestamp unless target is set', () => {
    assert.deepEqual(implied('date { match => [ "ts", "ISO8601" ] }', 'v8'), ['w* name @timestamp @date']);
    assert.deepEqual(implied('date { match => [ "ts", "ISO8601" ] target => "[a]" }', 'v8'), []);
  });
  test('geoip writes the City database fields under the parent of an [ip] source in ECS mode, under geoip with ECS disabled', () => {
    const ecs = implied('geoip { source => "[client][ip]" }', 'v8');
    assert.ok(ecs.includes('w* name client.geo.city_name @geoip') && ecs.includes('w* name client.ip @geoip'), ecs.join(', '));
    assert.ok(!ecs.some((s) => s.includes('client.as.')), 'the City database has no AS fields');
    assert.ok(implied('geoip { source => "[client][ip]" }', 'disabled').includes('w* name geoip.city_name @geoip'));
    assert.deepEqual(implied('geoip { source => "[client][ip]" fields => [ "city_name" ] }', 'v1'), ['w* name client.geo.city_name @geoip']);
  });
  test('a plugin sets its own mode', () => {
    assert.ok(implied('useragent { source => "agent" ecs_compatibility => disabled }', 'v8').includes('w* name name @useragent'));
    assert.ok(implied('useragent { source => "agent" }', 'v8').includes('w* name user_agent.name @useragent'));
  });
  test('a named grok pattern writes the fields its set captures, on the pattern\'s name', () => {
    const ecs = implied('grok { match => { "message" => "%{SYSLOGBASE} %{GREEDYDATA:message}" } }', 'v8');
    assert.ok(ecs.includes('w* name host.hostname @SYSLOGBASE') && ecs.includes('w* name process.pid @SYSLOGBASE'), ecs.join(', '));
    assert.ok(implied('grok { match => { "message" => "%{SYSLOGBASE}" } }', 'disabled').includes('w* name logsource @SYSLOGBASE'));
  });
  test('syslog_pri, fingerprint and translate defaults', () => {
    assert.ok(implied('syslog_pri { }', 'v8').includes('w* name log.syslog.severity.code @syslog_pri'));
    assert.deepEqual(implied('fingerprint { method => "SHA1" }', 'v8'), ['w* name event.hash @fingerprint']);
    assert.deepEqual(implied('translate { source => "[event][code]" dictionary => { "a" => "b" } }', 'v8'), ['w* name event.code @translate']);
    assert.deepEqual(implied('translate { source => "[event][code]" dictionary => { "a" => "b" } }', 'disabled'), ['w* name translation @translate']);
  });
});
