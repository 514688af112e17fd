// The Logstash plugin table and the grok pattern captures (schema/logstash/): what the Logstash features rely on
// (which options name fields and how, mutate's order, what a plugin writes in each ECS mode, the fields a named grok
// pattern writes), checked against facts read in the plugin docs and sources, and that a broken file fails clearly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefinitionError, builtinSchemaDir } from '../../server/src/catalog';
import {
  EcsMode, GROK_PATTERNS_FILE, LogstashOption, NAME_KINDS, PLUGINS_FILE, PLUGINS_SCHEMA_FILE, PluginSection,
  loadLogstashPluginTable, parseFieldRef,
} from '../../server/src/catalog/logstashPlugins';
import { BrokenDataCase, brokenDataTests } from '../helpers/brokenDataFile';

const table = loadLogstashPluginTable();
const none = (): undefined => undefined;
const setting = (values: Record<string, string>) => (option: string): string | undefined => values[option];

test('the shipped plugin table and grok captures validate, and a second load is the same table', () => {
  assert.equal(loadLogstashPluginTable(builtinSchemaDir()), table, 'memoised per schema folder');
  assert.ok(table.names('filter').length >= 20);
  assert.ok(table.grokPatternNames('ecs-v1').length > 40);
});

// Every plugin and option issue 25 names.
const named: Array<[PluginSection, string, string[]]> = [
  ['filter', 'mutate', ['rename', 'copy', 'convert', 'gsub', 'replace', 'update', 'merge', 'split', 'join', 'lowercase', 'uppercase', 'capitalize', 'strip', 'coerce']],
  ['filter', 'grok', ['match', 'overwrite', 'target', 'pattern_definitions']],
  ['filter', 'date', ['match', 'target']],
  ['filter', 'dissect', ['mapping', 'convert_datatype']],
  ['filter', 'kv', ['source', 'target', 'prefix', 'include_keys', 'exclude_keys', 'default_keys']],
  ['filter', 'json', ['source', 'target']],
  ['filter', 'csv', ['source', 'target', 'columns']],
  ['filter', 'xml', ['source', 'target']],
  ['filter', 'split', ['field', 'target']],
  ['filter', 'clone', ['clones']],
  ['filter', 'fingerprint', ['source', 'target']],
  ['filter', 'translate', ['source', 'target']],
  ['filter', 'geoip', ['source', 'target']],
  ['filter', 'useragent', ['source', 'target']],
  ['filter', 'dns', ['resolve', 'reverse']],
  ['filter', 'cidr', ['address']],
  ['filter', 'syslog_pri', ['syslog_pri_field_name']],
  ['filter', 'urldecode', ['field']],
  ['filter', 'ruby', ['code']],
  ['filter', 'prune', ['whitelist_names', 'blacklist_names']],
  ['output', 'elasticsearch', ['index', 'document_id', 'pipeline']],
  ['output', 'pipeline', ['send_to']],
  ['input', 'pipeline', ['address']],
];

test('every plugin and option the issue names is in the table', () => {
  for (const [section, plugin, options] of named) {
    const spec = table.plugin(section, plugin);
    assert.ok(spec, `${section} ${plugin}`);
    assert.match(spec.docsUrl, /^https:\/\/www\.elastic\.co\/guide\/en\/logstash\//, `${plugin} links its reference page`);
    for (const option of options) assert.ok(table.option(section, plugin, option), `${section} ${plugin}.${option}`);
  }
  assert.deepEqual([...table.names('filter')], named.filter(([s]) => s === 'filter').map(([, p]) => p).sort());
});

test('filters take the common options; inputs and outputs list only their field-naming options', () => {
  assert.deepEqual(Object.keys(table.common).sort(), ['add_field', 'add_tag', 'enable_metric', 'id', 'periodic_flush', 'remove_field', 'remove_tag']);
  for (const name of table.names('filter')) {
    const plugin = table.plugin('filter', name);
    assert.equal(plugin?.partial, false, name);
    for (const common of Object.values(table.common)) assert.equal(table.option('filter', name, common.name), common, `${name}.${common.name}`);
  }
  assert.deepEqual([...table.commonOrder], ['add_field', 'remove_field', 'add_tag', 'remove_tag']);
  assert.equal(table.plugin('output', 'elasticsearch')?.partial, true);
  assert.equal(table.option('output', 'elasticsearch', 'add_field'), undefined, 'outputs take no add_field');
  assert.equal(table.option('input', 'pipeline', 'add_field'), table.inputCommon.add_field);
});

test("mutate's operations apply in the order of the docs and the plugin's filter method", () => {
  assert.deepEqual([...table.mutateOrder], [
    'coerce', 'rename', 'update', 'replace', 'convert', 'gsub', 'uppercase', 'capitalize', 'lowercase', 'strip', 'split', 'join', 'merge', 'copy',
  ]);
  const mutate = table.plugin('filter', 'mutate');
  assert.ok(mutate);
  const ordered = new Set(mutate.order);
  const unordered = Object.values(mutate.options).filter((o) => !o.common && !ordered.has(o.name)).map((o) => o.name);
  assert.deepEqual(unordered, ['tag_on_failure'], 'every operation has its place in the order');
});

/** One expectation per row: the option exists and has these properties. */
const optionCases: Array<[PluginSection, string, string, Partial<LogstashOption>]> = [
  ['filter', 'mutate', 'rename', { type: 'hash', kind: 'fieldMap', keyAccess: 'move', valueAccess: 'write', sprintf: true }],
  ['filter', 'mutate', 'copy', { kind: 'fieldMap', keyAccess: 'read', valueAccess: 'write' }],
  ['filter', 'mutate', 'merge', { kind: 'fieldMap', keyAccess: 'update', valueAccess: 'read' }],
  ['filter', 'mutate', 'convert', { kind: 'fieldKeys', keyAccess: 'update', mapValues: 'typeName', values: ['integer', 'integer_eu', 'float', 'float_eu', 'string', 'boolean'] }],
  ['filter', 'mutate', 'replace', { kind: 'fieldKeys', keyAccess: 'write', mapValues: 'template', sprintf: true }],
  ['filter', 'mutate', 'update', { kind: 'fieldKeys', keyAccess: 'update', mapValues: 'template' }],
  ['filter', 'mutate', 'gsub', { type: 'array', kind: 'gsubTriples' }],
  ['filter', 'mutate', 'lowercase', { type: 'array', kind: 'fields', access: 'update' }],
  ['filter', 'mutate', 'split', { kind: 'fieldKeys', mapValues: 'separator' }],
  ['filter', 'mutate', 'tag_on_failure', { type: 'string', default: '_mutate_error' }],
  ['filter', 'mutate', 'add_field', { kind: 'fieldKeys', keyAccess: 'write', mapValues: 'template', sprintf: true, common: true }],
  ['filter', 'mutate', 'remove_field', { kind: 'fields', access: 'remove', sprintf: true, common: true }],
  ['filter', 'grok', 'match', { type: 'hash', kind: 'grokMatch' }],
  ['filter', 'grok', 'pattern_definitions', { kind: 'grokDefinitions' }],
  ['filter', 'grok', 'overwrite', { kind: 'fields', access: 'write' }],
  ['filter', 'grok', 'timeout_scope', { values: ['pattern', 'event'], default: 'pattern' }],
  ['filter', 'date', 'match', { type: 'array', kind: 'dateMatch' }],
  ['filter', 'date', 'target', { kind: 'field', access: 'write', default: '@timestamp' }],
  ['filter', 'date', 'timezone', { kind: 'template', sprintf: true }],
  ['filter', 'dissect', 'mapping', { kind: 'dissectMapping' }],
  ['filter', 'dissect', 'convert_datatype', { values: ['int', 'float'] }],
  ['filter', 'kv', 'source', { kind: 'field', access: 'read', default: 'message' }],
  ['filter', 'kv', 'include_keys', { kind: 'parsedKeys', sprintf: true }],
  ['filter', 'kv', 'prefix', { kind: 'namePrefix' }],
  ['filter', 'json', 'source', { required: true, kind: 'field', access: 'read' }],
  ['filter', 'json', 'target', { type: 'field_reference' }],
  ['filter', 'csv', 'columns', { kind: 'targetNames' }],
  ['filter', 'xml', 'target', { requiredWhen: { option: 'store_xml', equals: true } }],
  ['filter', 'xml', 'xpath', { kind: 'xpathMap', valueAccess: 'write' }],
  ['filter', 'split', 'target', { defaultFrom: 'field' }],
  ['filter', 'clone', 'clones', { required: true, type: 'array' }],
  ['filter', 'fingerprint', 'source', { kind: 'fields', access: 'read', default: ['message'] }],
  ['filter', 'fingerprint', 'method', { required: true }],
  ['filter', 'translate', 'field', { aliasOf: 'source', kind: 'field', access: 'read' }],
  ['filter', 'translate', 'destination', { aliasOf: 'target' }],
  ['filter', 'translate', 'fallback', { kind: 'template' }],
  ['filter', 'geoip', 'source', { required: true }],
  ['filter', 'geoip', 'default_database_type', { values: ['City', 'ASN'], default: 'City' }],
  ['filter', 'dns', 'resolve', { kind: 'fields', access: 'update' }],
  ['filter', 'dns', 'reverse', { kind: 'fields', access: 'update' }],
  ['filter', 'dns', 'action', { values: ['append', 'replace'], default: 'append' }],
  ['filter', 'cidr', 'address', { kind: 'templates', sprintf: true }],
  ['filter', 'urldecode', 'field', { kind: 'field', access: 'update', default: 'message' }],
  ['filter', 'ruby', 'code', { kind: 'rubyCode' }],
  ['filter', 'prune', 'whitelist_names', { kind: 'nameRegexes' }],
  ['filter', 'prune', 'blacklist_names', { kind: 'nameRegexes', default: ['%{[^}]+}'] }],
  ['output', 'elasticsearch', 'index', { kind: 'template', sprintf: true }],
  ['output', 'elasticsearch', 'document_id', { kind: 'template', sprintf: true }],
  ['output', 'elasticsearch', 'pipeline', { kind: 'template', sprintf: true }],
  ['output', 'pipeline', 'send_to', { type: 'array', kind: 'pipelineAddresses' }],
  ['input', 'pipeline', 'address', { kind: 'pipelineAddress' }],
];

test('options say their Logstash type, default, and how they name fields', () => {
  for (const [section, plugin, option, expected] of optionCases) {
    const spec = table.option(section, plugin, option);
    assert.ok(spec, `${plugin}.${option}`);
    for (const [key, value] of Object.entries(expected)) {
      assert.deepEqual(spec[key as keyof LogstashOption], value, `${plugin}.${option}: ${key}`);
    }
  }
  assert.equal(table.plugin('filter', 'mutate')?.options.tag_on_failure.into?.path, 'tags', 'failure tags go into tags');
});

test('every kind is one the schema knows, and access, key and value access go with the kinds that need them', () => {
  const schema = JSON.parse(readFileSync(join(builtinSchemaDir(), PLUGINS_SCHEMA_FILE), 'utf8')) as { $defs: { option: { properties: { kind: { enum: string[] } } } } };
  assert.deepEqual([...NAME_KINDS], schema.$defs.option.properties.kind.enum, 'NAME_KINDS follows the schema');
  for (const section of ['filter', 'input', 'output'] as const) {
    for (const name of table.names(section)) {
      for (const option of Object.values(table.plugin(section, name)?.options ?? {})) {
        const where = `${section} ${name}.${option.name}`;
        assert.equal(option.access !== undefined, option.kind === 'field' || option.kind === 'fields', `${where}: access`);
        assert.equal(option.keyAccess !== undefined, option.kind === 'fieldMap' || option.kind === 'fieldKeys', `${where}: keyAccess`);
        if (option.kind === 'template' || option.kind === 'templates') assert.equal(option.sprintf, true, `${where}: sprintf`);
        if (option.aliasOf !== undefined) assert.equal(option.kind, table.option(section, name, option.aliasOf)?.kind, `${where}: kind of its alias`);
      }
    }
  }
});

// ---------- ECS modes

test('the ECS-compatibility values and Logstash 8 default', () => {
  assert.deepEqual([...table.ecs.values], ['disabled', 'v1', 'v8']);
  assert.equal(table.ecs.logstashDefault, 'v8');
  for (const name of ['geoip', 'useragent', 'kv', 'json', 'csv', 'clone', 'fingerprint', 'translate', 'syslog_pri', 'grok']) {
    assert.equal(table.plugin('filter', name)?.ecsCompatibility, true, `${name} takes ecs_compatibility`);
    assert.deepEqual(table.option('filter', name, 'ecs_compatibility')?.values, ['disabled', 'v1', 'v8'], name);
  }
  for (const name of ['mutate', 'date', 'dissect', 'xml', 'ruby', 'prune']) assert.equal(table.plugin('filter', name)?.ecsCompatibility, false, name);
});

/** The default of a filter option in a mode, with the other options a block sets. */
function defaultOf(plugin: string, option: string, mode: EcsMode, given: Record<string, string> = {}): unknown {
  const spec = table.option('filter', plugin, option);
  assert.ok(spec, `${plugin}.${option}`);
  return table.defaultIn(spec, mode, setting(given));
}

test('geoip writes under the parent of an [...][ip] source in ECS modes, under geoip with ECS disabled', () => {
  for (const mode of ['v1', 'v8'] as const) {
    assert.deepEqual(defaultOf('geoip', 'target', mode, { source: '[source][ip]' }), { kind: 'value', value: '[source]' });
    assert.deepEqual(defaultOf('geoip', 'target', mode, { source: '[client][ip]' }), { kind: 'value', value: '[client]' });
    const required = defaultOf('geoip', 'target', mode, { source: 'client_ip' }) as { kind: string; reason: string };
    assert.equal(required.kind, 'required', 'a source that is no [ip] sub-field needs a target');
    assert.match(required.reason, /\[client\]\[ip\]/);
    assert.equal((defaultOf('geoip', 'target', mode, { source: 'source.ip' }) as { kind: string }).kind, 'required', 'a dotted source is one literal key');
  }
  assert.deepEqual(defaultOf('geoip', 'target', 'disabled', { source: '[source][ip]' }), { kind: 'value', value: 'geoip' });
  assert.deepEqual(table.option('filter', 'geoip', 'target')?.ecsExpected, ['client', 'destination', 'host', 'observer', 'server', 'source']);

  const geoip = table.plugin('filter', 'geoip');
  assert.ok(geoip);
  // The bundled City database by default: its fields, not the ASN, ISP, Domain or Anonymous-IP ones.
  const ecs = table.writesIn(geoip, 'v8', setting({ source: '[source][ip]' })).map((w) => w.field.path);
  for (const path of ['source.geo.location', 'source.geo.country_iso_code', 'source.geo.city_name', 'source.geo.postal_code', 'source.mmdb.dma_code', 'source.ip']) {
    assert.ok(ecs.includes(path), `ECS geoip writes ${path}`);
  }
  for (const path of ['source.as.number', 'source.ip_traits.anonymous', 'source.domain', 'source.mmdb.isp']) assert.ok(!ecs.includes(path), `the City database gives no ${path}`);
  assert.ok(!ecs.some((p) => p.startsWith('geoip.')), 'nothing under geoip in ECS mode');
  const legacy = table.writesIn(geoip, 'disabled', setting({ source: '[source][ip]' })).map((w) => w.field.path);
  for (const path of ['geoip.city_name', 'geoip.country_code2', 'geoip.country_code3', 'geoip.location']) assert.ok(legacy.includes(path), `legacy geoip writes ${path}`);
  // The database's type comes from its file name, else default_database_type; `fields` names exactly what is written.
  const asn = (options: Record<string, string>, list?: string[]): string[] =>
    table.writesIn(geoip, 'v8', setting({ source: '[source][ip]', ...options }), list ? (o) => (o === 'fields' ? list : undefined) : undefined).map((w) => w.field.path).sort();
  assert.deepEqual(asn({ database: '/etc/GeoLite2-ASN.mmdb' }), ['source.as.number', 'source.as.organization.name', 'source.ip']);
  assert.deepEqual(asn({ default_database_type: 'ASN' }), ['source.as.number', 'source.as.organization.name', 'source.ip']);
  assert.deepEqual(asn({ database: 'C:\\geo\\GeoIP2-Anonymous-IP.mmdb' }).slice(0, 2), ['source.ip_traits.anonymous', 'source.ip_traits.anonymous_vpn']);
  assert.deepEqual(asn({}, ['city_name', 'asn']), ['source.as.number', 'source.geo.city_name']);
  assert.deepEqual(table.writesIn(geoip, 'v8', setting({ source: 'client_ip' })), [], 'no writes when the target cannot be derived');
  const given = table.writesIn(geoip, 'v8', setting({ source: 'client_ip', target: '[client]' })).map((w) => w.field.path);
  assert.ok(given.includes('client.geo.region_iso_code'), 'an explicit target is the parent');
});

test('useragent writes under user_agent in ECS modes, at the root (after its prefix) with ECS disabled', () => {
  const useragent = table.plugin('filter', 'useragent');
  assert.ok(useragent);
  assert.deepEqual(defaultOf('useragent', 'target', 'v8'), { kind: 'value', value: 'user_agent' });
  assert.deepEqual(defaultOf('useragent', 'target', 'disabled'), { kind: 'none' });
  const ecs = table.writesIn(useragent, 'v8', none).map((w) => w.field.path);
  assert.deepEqual(ecs.filter((p) => !p.startsWith('@metadata')), ['user_agent.name', 'user_agent.version', 'user_agent.os.name', 'user_agent.os.version', 'user_agent.os.full', 'user_agent.device.name']);
  assert.deepEqual(table.writesIn(useragent, 'v1', none), table.writesIn(useragent, 'v8', none), 'v1 and v8 alike');
  const legacy = table.writesIn(useragent, 'disabled', setting({ prefix: 'ua_' })).map((w) => w.field.path);
  assert.ok(legacy.includes('ua_os_name') && legacy.includes('ua_device') && legacy.includes('ua_major'), legacy.join());
  const targeted = table.writesIn(useragent, 'disabled', setting({ target: '[http][ua]' })).map((w) => w.field.path);
  assert.ok(targeted.includes('http.ua.name'), targeted.join());
});

test('date writes @timestamp in every mode; the other mode-dependent defaults follow the docs', () => {
  for (const mode of ['disabled', 'v1', 'v8'] as const) assert.deepEqual(defaultOf('date', 'target', mode), { kind: 'value', value: '@timestamp' });
  assert.deepEqual(defaultOf('fingerprint', 'target', 'v8'), { kind: 'value', value: '[event][hash]' });
  assert.deepEqual(defaultOf('fingerprint', 'target', 'disabled'), { kind: 'value', value: 'fingerprint' });
  assert.deepEqual(defaultOf('translate', 'target', 'v8', { source: '[http][status]' }), { kind: 'value', value: '[http][status]' });
  assert.deepEqual(defaultOf('translate', 'target', 'disabled', { source: '[http][status]' }), { kind: 'value', value: 'translation' });
  assert.deepEqual(defaultOf('syslog_pri', 'syslog_pri_field_name', 'v8'), { kind: 'value', value: '[log][syslog][priority]' });
  assert.deepEqual(defaultOf('split', 'target', 'v8', { field: 'results' }), { kind: 'value', value: 'results' });
  const index = table.option('output', 'elasticsearch', 'index');
  assert.ok(index);
  assert.deepEqual(table.defaultIn(index, 'v8', none), { kind: 'value', value: 'ecs-logstash-%{+yyyy.MM.dd}' });
  assert.deepEqual(table.defaultIn(index, 'disabled', none), { kind: 'value', value: 'logstash-%{+yyyy.MM.dd}' });
});

test('syslog_pri and clone write fixed fields that depend on the mode', () => {
  const syslog = table.plugin('filter', 'syslog_pri');
  const clone = table.plugin('filter', 'clone');
  assert.ok(syslog && clone);
  assert.deepEqual(table.writesIn(syslog, 'v8', none).map((w) => w.field.path), [
    'log.syslog.severity.code', 'log.syslog.facility.code', 'log.syslog.facility.name', 'log.syslog.severity.name',
  ]);
  assert.deepEqual(table.writesIn(syslog, 'disabled', none).map((w) => w.field.path), [
    'syslog_severity_code', 'syslog_facility_code', 'syslog_facility', 'syslog_severity',
  ]);
  assert.deepEqual(table.writesIn(clone, 'v8', none).map((w) => w.field.path), ['tags']);
  assert.deepEqual(table.writesIn(clone, 'disabled', none).map((w) => w.field.path), ['type']);
});

test('json, kv and csv warn without a target in ECS modes; xml needs one while it stores the XML', () => {
  const warned = table.names('filter').filter((name) => table.plugin('filter', name)?.ecsTargetCheck);
  assert.deepEqual([...warned], ['csv', 'json', 'kv']);
  assert.equal(table.plugin('filter', 'xml')?.ecsCompatibility, false);
  assert.deepEqual(table.option('filter', 'xml', 'target')?.requiredWhen, { option: 'store_xml', equals: true });
  assert.equal(table.option('filter', 'xml', 'store_xml')?.default, true);
});

// ---------- grok

/** The fields a pattern writes, as `path` or `path:type`. */
function captures(set: 'ecs-v1' | 'legacy', name: string): string[] {
  const pattern = table.grokPattern(set, name);
  assert.ok(pattern, `${set} ${name}`);
  return pattern.captures.map((c) => (c.type ? `${c.field.path}:${c.type}` : c.field.path));
}

test('grok loads the legacy set with ECS disabled and the ECS set in v1 and v8', () => {
  assert.equal(table.grokSetFor('disabled'), 'legacy');
  assert.equal(table.grokSetFor('v1'), 'ecs-v1');
  assert.equal(table.grokSetFor('v8'), 'ecs-v1');
});

test('named ECS patterns write the fields of the ECS pattern files', () => {
  assert.deepEqual(captures('ecs-v1', 'HTTPD_COMMONLOG'), [
    'source.address', 'apache.access.user.identity', 'user.name', 'timestamp', 'http.request.method', 'url.original', 'http.version',
    'http.response.status_code:int', 'http.response.body.bytes:int',
  ]);
  const combined = captures('ecs-v1', 'HTTPD_COMBINEDLOG');
  for (const field of ['http.request.referrer', 'user_agent.original', 'source.address', 'http.response.status_code:int']) assert.ok(combined.includes(field), field);
  assert.deepEqual(captures('ecs-v1', 'COMBINEDAPACHELOG'), combined, 'the deprecated name writes the same fields');
  const errorlog = captures('ecs-v1', 'HTTPD_ERRORLOG');
  for (const field of ['log.level', 'process.pid:int', 'source.port:int', 'error.code', 'message']) assert.ok(errorlog.includes(field), field);
  assert.deepEqual(captures('ecs-v1', 'SYSLOGLINE'), [
    'message', 'timestamp', 'host.hostname', 'log.syslog.facility.code:int', 'log.syslog.priority:int', 'process.name', 'process.pid:int',
  ]);
  assert.deepEqual(captures('ecs-v1', 'SYSLOGBASE'), [
    'timestamp', 'host.hostname', 'log.syslog.facility.code:int', 'log.syslog.priority:int', 'process.name', 'process.pid:int',
  ]);
  const asa = captures('ecs-v1', 'CISCOFW106023');
  for (const field of ['source.ip', 'source.port:int', 'destination.ip', 'destination.port:int', 'cisco.asa.rule_name', 'observer.ingress.interface.name']) {
    assert.ok(asa.includes(field), field);
  }
  assert.deepEqual(captures('ecs-v1', 'CISCOFW302010'), ['cisco.asa.connections.in_use:int', 'cisco.asa.connections.most_used:int']);
  assert.ok(table.grokPatternNames('ecs-v1').filter((n) => n.startsWith('CISCOFW')).length >= 30, 'the CISCOFW family');
});

test('the legacy set writes the names ECS disabled gives', () => {
  assert.deepEqual(captures('legacy', 'HTTPD_COMMONLOG'), ['clientip', 'ident', 'auth', 'timestamp', 'verb', 'request', 'httpversion', 'rawrequest', 'response', 'bytes']);
  assert.deepEqual(captures('legacy', 'SYSLOGBASE'), ['timestamp', 'logsource', 'facility', 'priority', 'program', 'pid']);
  assert.ok(captures('legacy', 'CISCOFW106023').includes('src_ip'));
  for (const name of table.grokPatternNames('legacy')) assert.ok(table.grokPattern('ecs-v1', name), `the ECS set has ${name} too`);
});

// ---------- unknowns, freezing, field references

test('names outside the table are unknown, including object built-ins', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'grok2', '']) assert.equal(table.plugin('filter', name), undefined, name);
  for (const option of ['constructor', 'toString', 'source', 'fields']) assert.equal(table.option('filter', 'mutate', option), undefined, `mutate.${option}`);
  assert.equal(table.option('filter', 'no_such_filter', 'add_field'), undefined);
  assert.equal(table.grokPattern('ecs-v1', 'constructor'), undefined);
  assert.equal(table.grokPattern('ecs-v1', 'NO_SUCH_PATTERN'), undefined);
});

test('the table is frozen', () => {
  const mutate = table.plugin('filter', 'mutate');
  assert.ok(mutate);
  assert.equal(Reflect.set(mutate, 'name', 'x'), false);
  assert.equal(Reflect.set(mutate.options, 'rename', undefined), false);
  assert.equal(Reflect.set(mutate.order, 0, 'copy'), false);
  assert.equal(Reflect.set(table.mutateOrder, 0, 'copy'), false);
  assert.equal(Reflect.set(table.common, 'add_field', undefined), false);
  const labels = table.option('filter', 'syslog_pri', 'severity_labels')?.default;
  assert.ok(Array.isArray(labels));
  assert.equal(Reflect.set(labels, 0, 'x'), false);
  const pattern = table.grokPattern('ecs-v1', 'SYSLOGLINE');
  assert.ok(pattern);
  assert.equal(Reflect.set(pattern.captures, 0, undefined), false);
});

test('field references keep bracket segments and take a bare name whole', () => {
  assert.deepEqual(parseFieldRef('[log][syslog][priority]').segments, ['log', 'syslog', 'priority']);
  assert.deepEqual(parseFieldRef('[raw][id.orig_h]').segments, ['raw', 'id.orig_h']);
  assert.deepEqual(parseFieldRef('source.ip').segments, ['source.ip']);
  assert.equal(parseFieldRef('@timestamp').path, '@timestamp');
});

// The plugins and options the corpus's Logstash files use (read from shared/corpus/**/*.conf by hand).
const corpusOptions: Array<[PluginSection, string, string[]]> = [
  ['filter', 'cidr', ['add_tag', 'address', 'network']],
  ['filter', 'date', ['id', 'locale', 'match', 'tag_on_failure', 'target', 'timezone']],
  ['filter', 'dissect', ['mapping', 'tag_on_failure']],
  ['filter', 'geoip', ['cache_size', 'database', 'default_database_type', 'source', 'tag_on_failure', 'target']],
  ['filter', 'grok', ['match', 'tag_on_failure', 'timeout_millis']],
  ['filter', 'kv', ['field_split', 'source', 'target', 'timeout_millis', 'transform_key', 'trim_key', 'value_split', 'whitespace']],
  ['filter', 'mutate', ['add_field', 'add_tag', 'convert', 'copy', 'gsub', 'id', 'lowercase', 'merge', 'remove_field', 'remove_tag', 'rename', 'replace', 'strip', 'tag_on_failure', 'update', 'uppercase']],
  ['filter', 'ruby', ['add_field', 'code', 'id', 'init', 'path', 'remove_field', 'tag_on_exception', 'tag_with_exception_message']],
  ['filter', 'syslog_pri', ['ecs_compatibility', 'remove_field', 'syslog_pri_field_name']],
  ['filter', 'translate', ['add_field', 'destination', 'dictionary', 'dictionary_path', 'exact', 'fallback', 'field', 'id', 'refresh_interval', 'source', 'target']],
  ['filter', 'useragent', ['add_field', 'ecs_compatibility', 'id', 'lru_cache_size', 'source', 'target']],
  ['output', 'elasticsearch', ['index']],
  ['output', 'pipeline', ['send_to']],
  ['input', 'pipeline', ['address']],
];

test('every filter option the corpus pipelines use is known', () => {
  for (const [section, plugin, options] of corpusOptions) {
    for (const option of options) assert.ok(table.option(section, plugin, option), `${section} ${plugin}.${option}`);
  }
});

// ---------- broken files

const brokenPlugins: BrokenDataCase[] = [
  {
    name: 'a kind the schema does not have',
    edit: (t) => t.replace('      rename:\n        type: hash\n        kind: fieldMap', '      rename:\n        type: hash\n        kind: fieldMapp'),
    path: '/filters/mutate/options/rename/kind',
    message: /"fieldMapp" is not one of: field, fields/,
  },
  {
    name: 'an unknown property of an option',
    edit: (t) => t.replace('        keyAccess: move\n', '        keyAcess: move\n'),
    path: '/filters/mutate/options/rename/keyAcess',
    message: /unknown property 'keyAcess'/,
  },
  {
    name: 'an access value the schema does not have',
    edit: (t) => t.replace('        keyAccess: move\n', '        keyAccess: moved\n'),
    path: '/filters/mutate/options/rename/keyAccess',
    message: /"moved" is not one of: read, write, remove, update, move/,
  },
  {
    name: 'an order naming no option',
    edit: (t) => t.replace('order: [coerce, rename,', 'order: [coerce, renam,'),
    path: '/filters/mutate/order/1',
    message: /filter 'mutate': 'renam' is not an option of mutate/,
  },
  {
    name: 'a mode default derived from an option the plugin does not have',
    edit: (t) => t.replace('{ipParentOf: source}', '{ipParentOf: sources}'),
    path: '/filters/geoip/options/target/modeDefault/ecs',
    message: /filter 'geoip', option 'target': 'sources' is not another option of this plugin/,
  },
  {
    name: 'a write under an option the plugin does not have',
    edit: (t) => t.replace("- {modes: [ecs], under: target, field: '[name]'}", "- {modes: [ecs], under: targt, field: '[name]'}"),
    path: '/filters/useragent/writes/12',
    message: /'targt' is not an option of useragent/,
  },
  {
    name: 'a written field that is no field reference',
    edit: (t) => t.replace("field: '[geo][city_name]'", "field: '[geo][city_name'"),
    path: '/filters/geoip/writes/17/field',
    message: /does not match/,
  },
  {
    name: 'a mode-dependent plugin without ecs_compatibility',
    edit: (t) => t.replace('      ecs_compatibility: *ecs_compatibility\n\n  translate:', '\n  translate:'),
    path: '/filters/fingerprint',
    message: /depends on the mode but has no ecs_compatibility option/,
  },
  { name: 'a YAML syntax error', edit: (t) => t.replace('  mutate:\n', '  mutate:\n  mutate:\n'), path: '', message: /YAML syntax error/ },
];

brokenPlugins.push(
  {
    name: 'a conversion kind the type table does not have',
    edit: (t) => t.replace('  integer_eu: long\n', '  integer_eu: bignum\n'),
    path: '/conversionKinds/integer_eu',
    message: /must be equal to one of the allowed values|is not one of/,
  },
  {
    name: 'a convert type no conversion kind is given for',
    edit: (t) => t.replace('  float_eu: double\n', ''),
    path: '/filters/mutate/options/convert',
    message: /converts to 'float_eu', which conversionKinds does not list/,
  },
);

brokenDataTests(PLUGINS_FILE, loadLogstashPluginTable, brokenPlugins);

test('each conversion says what it leaves in a field: whole numbers as long, decimals as double, the rest as strings or booleans', () => {
  const kinds = Object.fromEntries(['integer', 'integer_eu', 'float', 'float_eu', 'string', 'boolean', 'int', 'date', 'date_time'].map((n) => [n, table.conversionKind(n)]));
  assert.deepEqual(kinds, { integer: 'long', integer_eu: 'long', float: 'double', float_eu: 'double', string: 'string', boolean: 'boolean', int: 'long', date: 'string', date_time: 'string' });
  assert.equal(table.conversionKind('long'), undefined, 'a name no Logstash plugin converts to');
  for (const [section, plugin, option] of [['filter', 'mutate', 'convert'], ['filter', 'dissect', 'convert_datatype'], ['filter', 'csv', 'convert']] as const) {
    for (const value of table.option(section, plugin, option)?.values ?? []) assert.ok(table.conversionKind(value), `${plugin} ${option} ${value}`);
  }
});

const brokenGrok: BrokenDataCase[] = [
  {
    name: 'an included pattern that does not exist',
    edit: (t) => t.replace('includes: [SYSLOGBASE2]', 'includes: [SYSLOGBASE3]'),
    path: '/ecs-v1/patterns/SYSLOGLINE/includes/0',
    message: /pattern SYSLOGLINE: 'SYSLOGBASE3' is not a pattern of ecs-v1/,
  },
  {
    name: 'a capture type grok does not have',
    edit: (t) => t.replace("{field: '[process][pid]', type: int}", "{field: '[process][pid]', type: long}"),
    path: '/ecs-v1/patterns/SYSLOGPROG/captures/1/type',
    message: /"long" is not one of: int, float/,
  },
  {
    name: 'a legacy pattern the ECS set lacks',
    edit: (t) => t.replace("    CISCOFW733100:\n      file: firewalls\n      captures:\n        - {field: 'drop_type'}", "    CISCOFW733101:\n      file: firewalls\n      captures:\n        - {field: 'drop_type'}"),
    path: '/legacy/patterns/CISCOFW733101',
    message: /the ECS set has every legacy pattern, but not this one/,
  },
];

brokenDataTests(GROK_PATTERNS_FILE, loadLogstashPluginTable, brokenGrok);

test('a load error reads file:line: path: message, the line being the one at fault', () => {
  const work = mkdtempSync(join(tmpdir(), 'fieldwise-logstash-'));
  try {
    const dir = join(work, 'schema');
    cpSync(builtinSchemaDir(), dir, { recursive: true });
    const file = join(dir, PLUGINS_FILE);
    const text = readFileSync(file, 'utf8').replace('order: [coerce, rename,', 'order: [coerce, renam,');
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.includes('order: [coerce, renam,')) + 1;
    assert.throws(() => loadLogstashPluginTable(dir), (error: unknown) => {
      assert.ok(error instanceof DefinitionError);
      assert.ok(error.message.includes(`${file}:${line}: /filters/mutate/order/1: filter 'mutate': 'renam' is not an option of mutate`), error.message);
      return true;
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
