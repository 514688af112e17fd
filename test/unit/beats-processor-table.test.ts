// The Beats and Elastic Agent processor table: what the Beats file kind relies on (which options name fields, how,
// read or written, their defaults; what metadata processors write; conditions, dissect, the script event API), that
// the real Beats configurations of the corpus use only what it knows, and that a broken table fails clearly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { builtinSchemaDir } from '../../server/src/catalog';
import {
  BEATS_FIELD_KINDS, BEATS_OPTION_KINDS, BEATS_PROCESSORS_FILE, BEATS_PROCESSORS_SCHEMA_FILE, BeatsFieldUse,
  BeatsOptionSpec, BeatsProcessorTable, loadBeatsProcessorTable,
} from '../../server/src/catalog/beatsProcessors';
import { BrokenDataCase, brokenDataTests } from '../helpers/brokenDataFile';
import { readCorpus } from '../helpers/corpus';

const table = loadBeatsProcessorTable();

// Every processor issue 26 names, the metadata processors included.
const issueProcessors = [
  'rename', 'copy_fields', 'convert', 'urldecode', 'decode_base64_field', 'decompress_gzip_field', 'add_fields',
  'add_labels', 'add_tags', 'dissect', 'fingerprint', 'timestamp', 'community_id', 'add_id', 'decode_cef',
  'registered_domain', 'add_network_direction', 'decode_json_fields', 'decode_csv_fields', 'decode_xml',
  'decode_xml_wineventlog', 'decode_duration', 'extract_array', 'translate_sid', 'dns', 'detect_mime_type', 'syslog',
  'parse_aws_vpc_flow_log', 'append', 'move_fields', 'replace', 'truncate_fields', 'drop_fields', 'include_fields',
  'lowercase', 'uppercase', 'drop_event', 'rate_limit', 'add_locale', 'cache', 'translate_ldap_attribute', 'script',
  'add_host_metadata', 'add_cloud_metadata', 'add_cloudfoundry_metadata', 'add_docker_metadata',
  'add_kubernetes_metadata', 'add_nomad_metadata', 'add_process_metadata', 'add_session_metadata',
  'add_observer_metadata',
];

test('the shipped table loads and holds every processor the issue names, each described and linked', () => {
  assert.deepEqual([...table.names()], [...issueProcessors].sort());
  for (const name of table.names()) {
    const spec = table.get(name);
    assert.ok(spec && spec.description.length > 20, `${name} has a description`);
    assert.match(spec.docsUrl, /^https:\/\/(www\.elastic\.co\/docs\/reference\/beats\/|github\.com\/elastic\/beats\/)/, `${name} links its page`);
  }
});

/** One expectation per row: the option at the dotted path exists on the processor and has these properties. */
function assertOption(processor: string, path: string, expected: Partial<BeatsOptionSpec>): void {
  const spec = table.option(processor, path);
  assert.ok(spec, `${processor}.${path} is in the table`);
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(spec[key as keyof BeatsOptionSpec], value, `${processor}.${path}: ${key}`);
  }
}

// From the Beats reference pages (and, where they are silent, the processor's source): kind, access and defaults.
const optionCases: Array<[string, string, Partial<BeatsOptionSpec>]> = [
  ['rename', 'fields', { kind: 'objects', required: true }],
  ['rename', 'fields.from', { kind: 'field', access: 'read', required: true }],
  ['rename', 'fields.to', { kind: 'field', access: 'write', required: true }],
  ['rename', 'ignore_missing', { kind: 'boolean', default: false }],
  ['rename', 'fail_on_error', { kind: 'boolean', default: true }],
  ['copy_fields', 'fields.to', { kind: 'field', access: 'write' }],
  ['convert', 'fields.to', { kind: 'field', access: 'write', defaultFrom: 'from', required: false }],
  ['convert', 'fields.type', { kind: 'typeName', values: ['integer', 'long', 'float', 'double', 'string', 'boolean', 'ip'] }],
  ['convert', 'mode', { kind: 'enum', values: ['copy', 'rename'], default: 'copy' }],
  ['urldecode', 'fields.to', { access: 'write', defaultFrom: 'from' }],
  ['decode_base64_field', 'field.from', { kind: 'field', access: 'read', required: true }],
  ['decompress_gzip_field', 'field.to', { kind: 'field', access: 'write' }],
  ['add_fields', 'target', { kind: 'objectPath', access: 'write', default: 'fields' }],
  ['add_fields', 'fields', { kind: 'fieldMap', relativeTo: 'target', keys: { access: 'write', flattened: false }, mapValues: { kind: 'value' }, required: true }],
  ['add_labels', 'labels', { kind: 'fieldMap', keys: { access: 'write', prefix: 'labels', flattened: true }, mapValues: { kind: 'value' } }],
  ['add_tags', 'target', { kind: 'field', access: 'write', default: 'tags' }],
  ['add_tags', 'tags', { kind: 'strings', required: true }],
  ['dissect', 'tokenizer', { kind: 'dissectTokenizer', relativeTo: 'target_prefix', required: true }],
  ['dissect', 'target_prefix', { kind: 'objectPath', access: 'write', default: 'dissect' }],
  ['dissect', 'field', { kind: 'field', access: 'read', default: 'message' }],
  ['dissect', 'trim_values', { kind: 'enum', values: ['none', 'left', 'right', 'all'], default: 'none' }],
  ['fingerprint', 'fields', { kind: 'fields', access: 'read', required: true }],
  ['fingerprint', 'target_field', { kind: 'field', access: 'write', default: 'fingerprint' }],
  ['fingerprint', 'method', { kind: 'enum', default: 'sha256' }],
  ['timestamp', 'field', { kind: 'field', access: 'read', required: true }],
  ['timestamp', 'target_field', { kind: 'field', access: 'write', default: '@timestamp' }],
  ['timestamp', 'layouts', { kind: 'strings', required: true }],
  ['community_id', 'fields.source_ip', { kind: 'field', access: 'read', default: 'source.ip' }],
  ['community_id', 'fields.icmp_code', { kind: 'field', access: 'read', default: 'icmp.code' }],
  ['community_id', 'target', { kind: 'field', access: 'write', default: 'network.community_id' }],
  ['add_id', 'target_field', { kind: 'field', access: 'write', default: '@metadata._id' }],
  ['decode_cef', 'field', { access: 'read', default: 'message' }],
  ['decode_cef', 'target_field', { kind: 'objectPath', access: 'write', default: 'cef' }],
  ['registered_domain', 'target_field', { access: 'write', required: true }],
  ['registered_domain', 'target_etld_field', { access: 'write', required: false }],
  ['registered_domain', 'target_subdomain_field', { access: 'write', required: false }],
  ['add_network_direction', 'source', { access: 'read', required: true }],
  ['add_network_direction', 'target', { access: 'write', required: true }],
  ['decode_json_fields', 'target', { kind: 'objectPath', access: 'write' }],
  ['decode_json_fields', 'max_depth', { kind: 'number', default: 1 }],
  ['decode_csv_fields', 'fields', { kind: 'fieldMap', keys: { access: 'read', flattened: false }, mapValues: { kind: 'field', access: 'write' } }],
  ['decode_duration', 'format', { kind: 'enum', default: 'milliseconds', required: false }],
  ['extract_array', 'mappings', { kind: 'fieldMap', keys: { access: 'write', flattened: false }, mapValues: { kind: 'number' }, required: true }],
  ['translate_sid', 'account_name_target', { kind: 'field', access: 'write', required: false }],
  ['dns', 'fields', { kind: 'fieldMap', keys: { access: 'read', flattened: false }, mapValues: { kind: 'field', access: 'write' } }],
  ['dns', 'success_cache.capacity.max', { kind: 'number', default: 10000 }],
  ['detect_mime_type', 'target', { kind: 'field', access: 'write', required: true }],
  ['syslog', 'format', { kind: 'enum', values: ['rfc3164', 'rfc5424', 'auto'], default: 'auto' }],
  ['parse_aws_vpc_flow_log', 'target_field', { kind: 'objectPath', access: 'write', default: 'aws.vpcflow' }],
  ['append', 'target_field', { kind: 'field', access: 'write', required: true }],
  ['append', 'fields', { kind: 'fields', access: 'read' }],
  ['append', 'values', { kind: 'values' }],
  ['move_fields', 'from', { kind: 'objectPath', access: 'read', default: '' }],
  ['move_fields', 'fields', { kind: 'fields', access: 'remove', relativeTo: 'from' }],
  ['move_fields', 'exclude', { kind: 'fields', relativeTo: 'from' }],
  ['move_fields', 'to', { kind: 'namePrefix', access: 'write', required: true }],
  ['replace', 'fields.field', { kind: 'field', access: 'update', required: true }],
  ['replace', 'fields.pattern', { kind: 'regex', required: true }],
  ['truncate_fields', 'fields', { kind: 'fields', access: 'update' }],
  ['drop_fields', 'fields', { kind: 'fields', access: 'remove', regexEntries: true, required: true }],
  ['include_fields', 'fields', { kind: 'fields', access: 'read', regexEntries: false }],
  ['lowercase', 'fields', { kind: 'fields', access: 'read' }],
  ['uppercase', 'values', { kind: 'fields', access: 'update' }],
  ['cache', 'get.target_field', { kind: 'field', access: 'write', required: true }],
  ['cache', 'put.value_field', { kind: 'field', access: 'read' }],
  ['cache', 'backend.memory.id', { kind: 'string', required: true }],
  ['translate_ldap_attribute', 'target_field', { access: 'write', defaultFrom: 'field' }],
  ['script', 'source', { kind: 'script' }],
  ['script', 'file', { kind: 'scriptFile' }],
  ['script', 'files', { kind: 'scriptFiles' }],
  ['script', 'lang', { kind: 'enum', values: ['javascript'], required: true }],
  ['add_host_metadata', 'netinfo.enabled', { kind: 'boolean', default: true }],
  ['add_host_metadata', 'cache.ttl', { kind: 'string', default: '5m' }],
  ['add_docker_metadata', 'match_pids', { kind: 'fields', access: 'read', default: ['process.pid', 'process.parent.pid'] }],
  ['add_kubernetes_metadata', 'matchers.fields.lookup_fields', { kind: 'fields', access: 'read' }],
  ['add_process_metadata', 'target', { kind: 'objectPath', access: 'write', default: '' }],
  ['drop_event', 'when', { kind: 'condition', common: true }],
];

test('options say what kind of value they hold, which fields they read or write, and their defaults', () => {
  for (const [processor, path, expected] of optionCases) assertOption(processor, path, expected);
});

test('a target option whose default is a field path and the fields written by default agree', () => {
  let seen = 0;
  for (const name of table.names()) {
    const spec = table.get(name);
    assert.ok(spec);
    for (const option of Object.values(spec.options)) {
      if (option.access !== 'write' || typeof option.default !== 'string' || !/^[@a-z_][a-z0-9_.]*$/.test(option.default)) continue;
      const write: BeatsFieldUse | undefined = spec.writes.find((w) => w.unless === option.name);
      assert.equal(write?.path, option.default, `${name}.${option.name} defaults to ${option.default}`);
      seen += 1;
    }
  }
  assert.ok(seen >= 10, `checked the default targets (${seen})`);
});

// What each metadata processor's page (or its exported-fields page) lists as added to events.
const metadataWrites: Array<[string, string[]]> = [
  ['add_host_metadata', ['host.name', 'host.architecture', 'host.os.family', 'host.os.kernel', 'host.ip', 'host.mac', 'host.containerized']],
  ['add_observer_metadata', ['observer.hostname', 'observer.type', 'observer.vendor', 'observer.ip', 'observer.mac', 'observer.geo']],
  ['add_cloud_metadata', ['cloud.provider', 'cloud.instance.id', 'cloud.region', 'cloud.availability_zone', 'cloud.machine.type', 'cloud.account.id']],
  ['add_cloudfoundry_metadata', ['cloudfoundry.app.name', 'cloudfoundry.space.id', 'cloudfoundry.space.name', 'cloudfoundry.org.id', 'cloudfoundry.org.name']],
  ['add_docker_metadata', ['container.id', 'container.name', 'container.image.name']],
  ['add_kubernetes_metadata', ['kubernetes.pod.name', 'kubernetes.pod.uid', 'kubernetes.namespace', 'kubernetes.node.name', 'kubernetes.labels', 'kubernetes.annotations']],
  ['add_nomad_metadata', ['nomad.allocation.id', 'nomad.allocation.name', 'nomad.allocation.status', 'nomad.job.name', 'nomad.job.type', 'nomad.namespace', 'nomad.datacenter', 'nomad.region']],
  ['add_process_metadata', ['process.name', 'process.executable', 'process.args', 'process.pid', 'process.parent.pid', 'process.owner.name', 'container.id']],
  ['add_session_metadata', ['process.parent', 'process.session_leader', 'process.group_leader', 'process.entry_leader']],
  ['add_locale', ['event.timezone']],
];

test('the metadata processors write the fields their docs list', () => {
  for (const [processor, paths] of metadataWrites) {
    const written = table.get(processor)?.writes.map((w) => w.path) ?? [];
    for (const path of paths) assert.ok(written.includes(path), `${processor} writes ${path}: ${written.join(', ')}`);
  }
  const process = table.get('add_process_metadata');
  assert.ok(process?.writes.every((w) => w.relativeTo === 'target'), 'process metadata goes under target');
  assert.equal(process?.writes.find((w) => w.path === 'process.env')?.onlyWith, 'restricted_fields', 'process.env only on request');
  assert.deepEqual(table.get('add_cloudfoundry_metadata')?.reads.map((r) => r.path), ['cloudfoundry.app.id']);
  assert.equal(table.get('add_host_metadata')?.writes.find((w) => w.path === 'host.ip')?.onlyWith, 'netinfo.enabled');
});

test('processors with groups of options say which one, at least one, or at most one is given', () => {
  assert.deepEqual(table.get('script')?.oneOf, [['source', 'file', 'files']]);
  assert.deepEqual(table.get('cache')?.oneOf, [['put', 'get', 'delete'], ['backend.memory', 'backend.file']]);
  assert.deepEqual(table.get('translate_sid')?.anyOf, [['account_name_target', 'account_type_target', 'domain_target']]);
  assert.deepEqual(table.get('truncate_fields')?.exclusive, [['max_bytes', 'max_characters']]);
  assert.deepEqual(table.get('rename')?.required.map((o) => o.name), ['fields']);
});

test('when conditions: their keys and lists are field names read, with range\'s suffixes and network\'s named ranges', () => {
  assert.deepEqual([...table.conditionNames()], ['equals', 'contains', 'regexp', 'range', 'network', 'has_fields', 'and', 'or', 'not']);
  for (const name of ['equals', 'contains', 'regexp', 'range', 'network']) assert.equal(table.condition(name)?.form, 'fieldValues', name);
  assert.deepEqual(table.condition('equals')?.valueTypes, ['string', 'integer']);
  assert.deepEqual(table.condition('range')?.keySuffixes, ['gte', 'gt', 'lte', 'lt']);
  assert.ok(table.condition('network')?.namedValues.includes('private'));
  assert.equal(table.condition('has_fields')?.form, 'fields');
  assert.equal(table.condition('and')?.form, 'conditions');
  assert.equal(table.condition('not')?.form, 'condition');
  assert.equal(table.condition('when'), undefined);
});

test('the if/then/else form: if is a condition, then and else hold processors, else is optional', () => {
  const { options } = table.control;
  assert.deepEqual(Object.keys(options), ['if', 'then', 'else']);
  assert.deepEqual([options.if.kind, options.if.required], ['condition', true]);
  assert.deepEqual([options.then.kind, options.then.required], ['processors', true]);
  assert.deepEqual([options.else.kind, options.else.required], ['processors', false]);
  assert.equal(table.get('if'), undefined, 'if is not a processor');
});

test('the dissect tokenizer: the |type names and what each modifier writes', () => {
  assert.deepEqual(table.dissect.types, ['integer', 'long', 'float', 'double', 'string', 'boolean', 'ip']);
  const writes = Object.fromEntries(table.dissect.modifiers.map((m) => [m.token, `${m.position} ${m.writes}`]));
  assert.deepEqual(writes, { '?': 'prefix nothing', '*': 'prefix nothing', '&': 'prefix indirect', '+': 'prefix key', '->': 'suffix key', '/': 'suffix key' });
  assert.ok(table.dissect.reserved.includes('#'));
});

test('the script event API: which string arguments are fields read, written or removed, and Tag takes a tag', () => {
  const args = Object.fromEntries(Object.values(table.script.methods).map((m) => [m.name, m.arguments.join(',')]));
  assert.deepEqual(args, { Get: 'read', Put: 'write,value', Rename: 'read,write', Delete: 'remove', AppendTo: 'write,value', Tag: 'tag', Cancel: '' });
  assert.deepEqual(table.script.languages, ['javascript']);
  assert.equal(table.script.methods.constructor, undefined);
});

test('every processor takes when, and names outside the table are unknown, object built-ins included', () => {
  for (const name of table.names()) assert.equal(table.option(name, 'when'), table.common.when, name);
  for (const name of ['remove', 'set', 'gsub', 'if', 'constructor', '__proto__', 'toString', '']) assert.equal(table.get(name), undefined, name);
  for (const path of ['constructor', 'toString', 'field', 'fields.constructor', 'fields.from.x', 'fields.', '.fields']) {
    assert.equal(table.option('rename', path), undefined, `rename.${path}`);
  }
  assert.equal(table.option('no_such_processor', 'when'), undefined);
  assert.equal(table.get('rename')?.options.constructor, undefined);
});

/** Every option of every processor at every depth, the common and if/then/else ones too. */
function everyOption(from: BeatsProcessorTable): Array<[string, BeatsOptionSpec]> {
  const nested = (options: Readonly<Record<string, BeatsOptionSpec>>): BeatsOptionSpec[] =>
    Object.values(options).flatMap((o) => [o, ...nested(o.properties ?? {})]);
  return [
    ...from.names().flatMap((name) => nested(from.get(name)?.options ?? {}).map((o): [string, BeatsOptionSpec] => [name, o])),
    ...nested(from.control.options).map((o): [string, BeatsOptionSpec] => ['if/then/else', o]),
  ];
}

test('every kind is one the schema knows; field kinds carry an access, field maps their keys and values', () => {
  const schema = JSON.parse(readFileSync(join(builtinSchemaDir(), BEATS_PROCESSORS_SCHEMA_FILE), 'utf8')) as {
    $defs: { option: { properties: { kind: { enum: string[] } } } };
  };
  assert.deepEqual([...BEATS_OPTION_KINDS], schema.$defs.option.properties.kind.enum, 'BEATS_OPTION_KINDS follows the schema');
  const options = everyOption(table);
  assert.ok(options.length > 300, `walked every option (${options.length})`);
  for (const [processor, option] of options) {
    const where = `${processor}.${option.path}`;
    assert.ok(BEATS_OPTION_KINDS.includes(option.kind), where);
    assert.equal(option.access !== undefined, BEATS_FIELD_KINDS.includes(option.kind), `${where}: access`);
    assert.equal(option.keys !== undefined && option.mapValues !== undefined, option.kind === 'fieldMap', `${where}: keys and values`);
    if (option.kind === 'enum' || option.kind === 'typeName') assert.ok(option.values && option.values.length > 0, `${where}: values`);
    if (option.properties) assert.ok(option.kind === 'object' || option.kind === 'objects', `${where}: properties`);
    if (option.defaultFrom !== undefined || option.relativeTo !== undefined) {
      const parent = option.path.includes('.') ? option.path.slice(0, option.path.lastIndexOf('.') + 1) : '';
      for (const sibling of [option.defaultFrom, option.relativeTo].filter((s) => s !== undefined)) {
        assert.ok(table.option(processor, `${parent}${sibling}`), `${where}: ${sibling} is beside it`);
      }
    }
  }
});

test('the table is frozen', () => {
  const rename = table.get('rename');
  assert.ok(rename);
  assert.equal(Reflect.set(rename, 'name', 'x'), false);
  assert.equal(Reflect.set(rename.options, 'fields', undefined), false);
  assert.equal(Reflect.set(rename.options.fields.properties ?? {}, 'from', undefined), false);
  assert.equal(Reflect.set(table.common, 'when', undefined), false);
  const pids = table.option('add_docker_metadata', 'match_pids')?.default;
  assert.ok(Array.isArray(pids));
  assert.equal(Reflect.set(pids, 0, 'x'), false);
  assert.equal(Reflect.set(table.names(), 0, 'x'), false);
  assert.equal(Reflect.set(table.get('cache')?.oneOf[0] ?? [], 0, 'x'), false);
  assert.equal(Reflect.set(table.dissect.modifiers[0], 'token', 'x'), false);
  assert.equal(Reflect.set(table.script.methods, 'Get', undefined), false);
});

test('the table is read once per schema folder', () => {
  assert.equal(loadBeatsProcessorTable(), loadBeatsProcessorTable(builtinSchemaDir()));
  const copy = mkdtempSync(join(tmpdir(), 'fieldwise-beats-'));
  try {
    cpSync(builtinSchemaDir(), copy, { recursive: true });
    const other = loadBeatsProcessorTable(copy);
    assert.notEqual(other, table, 'another folder is read on its own');
    assert.equal(loadBeatsProcessorTable(copy), other);
    assert.deepEqual(other.names(), table.names());
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------- the corpus's plain-YAML Beats configurations

// The Beats configurations of the corpus that are YAML before any template is rendered.
const corpusConfigs = [
  'cisagov-malcolm/filebeat/filebeat-tcp.yml',
  'cisagov-malcolm/filebeat/filebeat-zeek-files-logs.yml',
  'elastic-ecs-mapper/example/beats.yml',
  'elastic-ecs-mapper/example/beats/filebeat.yml',
  'elastic-examples/Security Analytics/SIEM-at-Home/beats-configs/beats-on-windows/winlogbeat.yml',
  'philhagen-sof-elk/lib/filebeat_inputs/zeek.yml',
  'elastic-examples/Security Analytics/SIEM-at-Home/beats-configs/beats-general-config.yml',
];

// Options the corpus uses that the Beats docs do not list (each once): the script processor's own configuration has no
// `id` either, and the docs spell add_host_metadata's location `geo`.
const undocumentedInCorpus = ['winlogbeat.yml: script.id', 'beats-general-config.yml: add_host_metadata.Geo'];

/**
 * Whether a dotted option key is known: each part names an option until one without `properties` (a condition, a
 * free-form object, a value), whose content is not options.
 */
function knownOptionPath(processor: string, dotted: string): boolean {
  const parts = dotted.split('.');
  for (let i = 1; i <= parts.length; i += 1) {
    const option = table.option(processor, parts.slice(0, i).join('.'));
    if (!option) return false;
    if (!option.properties) return true;
  }
  return true;
}

/** `processors:` lists anywhere in a parsed configuration, the ones under if/then/else included. */
function processorLists(node: unknown, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) {
    for (const item of node) processorLists(item, out);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'processors' && Array.isArray(value)) out.push(value);
      else processorLists(value, out);
    }
  }
  return out;
}

/** The processor names and top-level options of one list; `if.equals.x` and `drop_event.when.and` are dotted keys. */
function usedOptions(list: unknown[], out: Array<{ processor: string; option: string }> = []): Array<{ processor: string; option: string }> {
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const entries = Object.entries(item as Record<string, unknown>);
    if (entries.some(([key]) => key === 'if' || key.startsWith('if.'))) {
      for (const [key, value] of entries) {
        const option = key.split('.')[0];
        out.push({ processor: 'if', option });
        if ((option === 'then' || option === 'else') && Array.isArray(value)) usedOptions(value, out);
      }
      continue;
    }
    for (const [key, body] of entries) {
      const [processor, ...dotted] = key.split('.');
      if (dotted.length > 0) {
        // `drop_event.when.and: [...]`: the value belongs to the last part of the key, not to the processor.
        out.push({ processor, option: dotted.join('.') });
        continue;
      }
      const options = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
      for (const option of options) out.push({ processor, option });
      if (options.length === 0) out.push({ processor, option: '' });
    }
  }
  return out;
}

test('every processor and option the corpus\'s plain-YAML Beats configurations use is in the table', () => {
  const unknown = new Set<string>();
  let seen = 0;
  for (const file of corpusConfigs) {
    const data = parseYaml(readCorpus(file)) as unknown;
    for (const list of processorLists(data)) {
      for (const { processor, option } of usedOptions(list)) {
        seen += 1;
        const known = processor === 'if'
          ? Object.hasOwn(table.control.options, option)
          : table.get(processor) !== undefined && (option === '' || knownOptionPath(processor, option));
        if (!known) unknown.add(`${basename(file)}: ${processor}${option ? `.${option}` : ''}`);
      }
    }
  }
  assert.ok(seen > 60, `walked the corpus processors (${seen})`);
  assert.deepEqual([...unknown], undocumentedInCorpus);
});

// ---------------------------------------------------------------- broken copies

const brokenCases: BrokenDataCase[] = [
  {
    name: 'a misspelt kind',
    edit: (text) => text.replace('kind: dissectTokenizer', 'kind: dissectTokeniser'),
    path: '/processors/dissect/options/tokenizer/kind',
    message: /^processor 'dissect', option 'tokenizer': "dissectTokeniser" is not one of: field, fields/,
  },
  {
    name: 'a misspelt kind deep in an object option',
    edit: (text) => text.replace("id: {kind: string, required: true, description: 'The cache''s ID", "id: {kind: strin, required: true, description: 'The cache''s ID"),
    path: '/processors/cache/options/backend/properties/memory/properties/id/kind',
    message: /^processor 'cache', option 'backend\.memory\.id': "strin" is not one of/,
  },
  {
    name: 'an unknown property of an option',
    edit: (text) => text.replace('target_prefix: {kind: objectPath, access: write, default: dissect,', 'target_prefix: {kind: objectPath, acess: write, default: dissect,'),
    path: '/processors/dissect/options/target_prefix/acess',
    message: /^processor 'dissect', option 'target_prefix': unknown property 'acess'/,
  },
  {
    name: 'an access on an option that names no field',
    edit: (text) => text.replace('seed: {kind: number, default: 0,', 'seed: {kind: number, access: read, default: 0,'),
    path: '/processors/community_id/options/seed/kind',
    message: /^processor 'community_id', option 'seed': "number" is not one of: field, fields, objectPath, namePrefix/,
  },
  {
    name: 'a field option without its access',
    edit: (text) => text.replace("target_field: {kind: field, access: write, required: true, description: 'The field the values are appended to.'}",
      "target_field: {kind: field, required: true, description: 'The field the values are appended to.'}"),
    path: '/processors/append/options/target_field',
    message: /^processor 'append', option 'target_field': missing required property 'access'/,
  },
  {
    name: 'a relativeTo that names no option beside it',
    edit: (text) => text.replace('relativeTo: target\n', 'relativeTo: targte\n'),
    path: '/processors/add_fields/options/fields/relativeTo',
    message: /^processor 'add_fields', option 'fields': relativeTo names 'targte', which is not an option beside 'fields'/,
  },
  {
    name: 'a default target that names no option',
    edit: (text) => text.replace("{path: '@timestamp', unless: target_field}\n    options:\n      field: {kind: field, access: read, required: true, description: 'The field holding the time.'}",
      "{path: '@timestamp', unless: target}\n    options:\n      field: {kind: field, access: read, required: true, description: 'The field holding the time.'}"),
    path: '/processors/timestamp/writes/0/unless',
    message: /^processor 'timestamp': unless names 'target', which is not an option of timestamp/,
  },
  {
    name: 'a group member that names no option',
    edit: (text) => text.replace('oneOf: [[source, file, files]]', 'oneOf: [[source, file, filez]]'),
    path: '/processors/script/oneOf/0',
    message: /^processor 'script': oneOf names 'filez', which is not an option of script/,
  },
  {
    name: 'a default outside the values',
    edit: (text) => text.replace('default: sha256,', 'default: sha257,'),
    path: '/processors/fingerprint/options/method/default',
    message: /^processor 'fingerprint', option 'method': the default "sha257" is not one of its values/,
  },
  {
    name: 'a processor redefining the common when',
    edit: (text) => text.replace('the whole event when its condition matches; without a condition every event is dropped.\n    options: {}',
      "the whole event when its condition matches; without a condition every event is dropped.\n    options: {when: {kind: condition, description: 'Its own condition.'}}"),
    path: '/processors/drop_event/options/when',
    message: /^processor 'drop_event', option 'when': redefines the common option 'when'/,
  },
  {
    name: 'a misspelt condition form',
    edit: (text) => text.replace('    equals:\n      form: fieldValues', '    equals:\n      form: fieldValue'),
    path: '/conditions/operators/equals/form',
    message: /^condition 'equals': "fieldValue" is not one of/,
  },
  {
    name: 'an unknown script argument',
    edit: (text) => text.replace('Tag: {arguments: [tag],', 'Tag: {arguments: [tags],'),
    path: '/script/methods/Tag/arguments/0',
    message: /^script method 'Tag': "tags" is not one of: read, write, remove, value, tag/,
  },
  {
    name: 'a YAML syntax error',
    edit: (text) => text.replace('\n  rename:\n', '\n  rename:\n  rename:\n'),
    path: '',
    message: /YAML syntax error/,
  },
];

brokenDataTests(BEATS_PROCESSORS_FILE, (dir) => loadBeatsProcessorTable(dir), brokenCases);
