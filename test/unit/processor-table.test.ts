// The ingest processor table: what the pipeline features rely on (which options name fields, read or written, take
// templates, patterns or scripts, what a processor writes by default), and that a broken table fails clearly.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DefinitionError, builtinSchemaDir } from '../../server/src/catalog';
import {
  DefaultWrite, FIELD_KINDS, OPTION_KINDS, OptionSpec, PROCESSORS_FILE, PROCESSORS_SCHEMA_FILE, ProcessorTable, createProcessorSnapshot,
  loadProcessorFile, loadProcessorTable, readProcessorSnapshot,
} from '../../server/src/catalog/processors';
import { writeSnapshot } from '../../server/src/catalog/snapshot';
import { corpusFiles, readCorpus } from '../helpers/corpus';

const schemaDir = builtinSchemaDir();
const tableFile = join(schemaDir, PROCESSORS_FILE);
const schemaFile = join(schemaDir, PROCESSORS_SCHEMA_FILE);
const table = loadProcessorTable();

let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'fieldwise-processors-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** One expectation per row: the option exists on the processor and has these properties. */
function assertOption(processor: string, option: string, expected: Partial<OptionSpec>): void {
  const spec = table.option(processor, option);
  assert.ok(spec, `${processor}.${option} is in the table`);
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(spec[key as keyof OptionSpec], value, `${processor}.${option}: ${key}`);
  }
}

const optionCases: Array<[string, string, Partial<OptionSpec>]> = [
  ['rename', 'field', { kind: 'field', access: 'read', template: true, required: true }],
  ['rename', 'target_field', { kind: 'field', access: 'write', template: true, required: true }],
  ['set', 'field', { kind: 'field', access: 'write', template: true, required: true }],
  ['set', 'value', { kind: 'value', template: true, required: false }],
  ['set', 'copy_from', { kind: 'field', access: 'read' }],
  ['append', 'value', { kind: 'value', template: true }],
  ['remove', 'field', { kind: 'fields', access: 'remove', template: true }],
  ['grok', 'field', { kind: 'field', access: 'read', required: true }],
  ['grok', 'patterns', { kind: 'grokPatterns', required: true }],
  ['grok', 'pattern_definitions', { kind: 'grokDefinitions', required: false }],
  ['redact', 'patterns', { kind: 'grokPatterns' }],
  ['dissect', 'pattern', { kind: 'dissectPattern', required: true }],
  ['gsub', 'pattern', { kind: 'regex' }],
  ['kv', 'field_split', { kind: 'regex' }],
  ['script', 'source', { kind: 'script' }],
  ['convert', 'type', { kind: 'typeName', values: ['integer', 'long', 'float', 'double', 'boolean', 'ip', 'string', 'auto'] }],
  ['convert', 'target_field', { kind: 'field', access: 'write', defaultFrom: 'field' }],
  ['csv', 'target_fields', { kind: 'fields', access: 'write', required: true }],
  ['fingerprint', 'fields', { kind: 'fields', access: 'read', required: true }],
  ['inference', 'field_map', { kind: 'fieldMap', access: 'read' }],
  ['dot_expander', 'field', { kind: 'dottedKey' }],
  ['foreach', 'processor', { kind: 'processor', required: true }],
  ['fail', 'message', { kind: 'template', template: true, required: true }],
  ['pipeline', 'name', { kind: 'template', template: true, required: true }],
  ['date', 'timezone', { template: true }],
  ['date_index_name', 'index_name_prefix', { template: true }],
  ['reroute', 'dataset', { kind: 'templates', template: true }],
  ['community_id', 'source_ip', { kind: 'field', access: 'read', default: 'source.ip' }],
  ['community_id', 'ignore_missing', { kind: 'boolean', default: true }],
  ['convert', 'ignore_missing', { kind: 'boolean', default: false }],
  ['user_agent', 'if', { kind: 'script', common: true }],
  ['drop', 'on_failure', { kind: 'processors', common: true }],
  ['terminate', 'ignore_failure', { kind: 'boolean', default: false, common: true }],
];

test('options say what they hold, whether they are read or written, and whether they take templates', () => {
  for (const [processor, option, expected] of optionCases) assertOption(processor, option, expected);
});

test('options that take no template say so', () => {
  for (const [processor, option] of [['grok', 'field'], ['convert', 'type'], ['geoip', 'target_field'], ['dissect', 'pattern']]) {
    assert.equal(table.option(processor, option)?.template, false, `${processor}.${option}`);
  }
});

const defaultWriteCases: Array<[string, string, string | undefined]> = [
  ['date', '@timestamp', 'target_field'],
  ['user_agent', 'user_agent', 'target_field'],
  ['geoip', 'geoip', 'target_field'],
  ['uri_parts', 'url', 'target_field'],
  ['community_id', 'network.community_id', 'target_field'],
  ['network_direction', 'network.direction', 'target_field'],
  ['registered_domain', 'registered_domain', 'target_field'],
  ['reroute', 'data_stream.dataset', undefined],
];

test('processors name what they write when no target is given', () => {
  for (const [processor, path, unless] of defaultWriteCases) {
    const write = table.get(processor)?.defaultWrites.find((w) => w.path === path);
    assert.ok(write, `${processor} writes ${path} by default`);
    assert.equal(write.unless, unless, `${processor}: ${path} is replaced by ${String(unless)}`);
  }
  assert.deepEqual(table.get('rename')?.defaultWrites, [], 'rename writes only where it is told');
});

test('a target option with a field-name default and the default writes agree', () => {
  for (const name of table.names()) {
    const spec = table.get(name);
    assert.ok(spec);
    for (const option of Object.values(spec.options)) {
      if (option.access !== 'write' || typeof option.default !== 'string' || !/^[@a-z_][a-z0-9_.]*$/.test(option.default)) continue;
      const write: DefaultWrite | undefined = spec.defaultWrites.find((w) => w.unless === option.name);
      assert.equal(write?.path, option.default, `${name}.${option.name} defaults to ${option.default}`);
    }
  }
});

test('every processor takes the common options, and none redefines one', () => {
  assert.deepEqual(Object.keys(table.common).sort(), ['description', 'if', 'ignore_failure', 'on_failure', 'tag']);
  for (const name of table.names()) {
    for (const common of Object.values(table.common)) {
      assert.equal(table.option(name, common.name), common, `${name}.${common.name}`);
    }
  }
});

test('every kind is one the schema knows, and exactly the field kinds carry an access', () => {
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { $defs: { option: { properties: { kind: { enum: string[] } } } } };
  assert.deepEqual([...OPTION_KINDS], schema.$defs.option.properties.kind.enum, 'OPTION_KINDS follows the schema');
  for (const name of table.names()) {
    for (const option of Object.values(table.get(name)?.options ?? {})) {
      assert.ok(OPTION_KINDS.includes(option.kind), `${name}.${option.name}: ${option.kind}`);
      assert.equal(option.access !== undefined, FIELD_KINDS.includes(option.kind), `${name}.${option.name}: access`);
      if (option.kind === 'template') assert.equal(option.template, true, `${name}.${option.name}`);
      if (option.defaultFrom !== undefined) assert.ok(table.option(name, option.defaultFrom), `${name}.${option.name}: defaultFrom`);
    }
  }
});

// The processors of the public Elasticsearch specification (specification/ingest/_types/Processors.ts).
const specificationProcessors = [
  'append', 'attachment', 'bytes', 'cef', 'circle', 'community_id', 'convert', 'csv', 'date', 'date_index_name', 'dissect',
  'dot_expander', 'drop', 'enrich', 'fail', 'fingerprint', 'foreach', 'geo_grid', 'geoip', 'grok', 'gsub', 'html_strip',
  'inference', 'ip_location', 'join', 'json', 'kv', 'lowercase', 'network_direction', 'pipeline', 'redact',
  'registered_domain', 'remove', 'rename', 'reroute', 'script', 'set', 'set_security_user', 'sort', 'split', 'terminate',
  'trim', 'uppercase', 'urldecode', 'uri_parts', 'user_agent',
];

test('the table holds every processor of the Elasticsearch specification, and nothing else', () => {
  assert.deepEqual([...table.names()], [...specificationProcessors].sort());
  for (const name of table.names()) {
    const spec = table.get(name);
    assert.ok(spec && spec.description.length > 20, `${name} has a description`);
    assert.match(spec.docsUrl, /^https:\/\/www\.elastic\.co\//, `${name} links its reference page`);
  }
});

test('names outside the table are unknown, including Beats processors and object built-ins', () => {
  for (const name of ['decode_json_fields', 'rename_fields', 'constructor', '__proto__', 'toString', '']) {
    assert.equal(table.get(name), undefined, name);
  }
  for (const option of ['constructor', 'toString', 'target', 'fields']) {
    assert.equal(table.option('rename', option), undefined, `rename.${option}`);
  }
  assert.equal(table.option('no_such_processor', 'field'), undefined);
});

test('the table is frozen', () => {
  const rename = table.get('rename');
  assert.ok(rename);
  assert.equal(Reflect.set(rename, 'name', 'x'), false);
  assert.equal(Reflect.set(rename.options, 'field', undefined), false);
  assert.equal(Reflect.set(table.common, 'if', undefined), false);
  const properties = table.option('user_agent', 'properties')?.default;
  assert.ok(Array.isArray(properties));
  assert.equal(Reflect.set(properties, 0, 'x'), false);
  assert.equal(Reflect.set(table.names(), 0, 'x'), false);
});

/** Every processor object in a pipeline: top level, on_failure at both levels, foreach.processor. */
function processorsIn(list: unknown, out: Array<{ name: string; options: string[] }> = []): Array<{ name: string; options: string[] }> {
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    for (const [name, body] of Object.entries(item as Record<string, unknown>)) {
      const options = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      out.push({ name, options: Object.keys(options) });
      processorsIn(options.on_failure, out);
      if (name === 'foreach' && options.processor) processorsIn([options.processor], out);
    }
  }
  return out;
}

test('every processor and option the corpus pipelines use is in the table', () => {
  const files = corpusFiles('ingest pipelines', (f) => /\/(ingest_pipeline|ingest)\/[^/]+\.yml$/.test(f) || f.endsWith('elastic-ecs-mapper/example/elasticsearch.json'));
  assert.ok(files.length >= 7, `found the corpus pipelines (${files.length})`);
  let seen = 0;
  for (const file of files) {
    const data = parseYaml(readCorpus(file)) as unknown;
    const top = Array.isArray(data) ? data : (data as Record<string, unknown>);
    const used = Array.isArray(top) ? processorsIn(top) : processorsIn([...asList(top.processors), ...asList(top.on_failure)]);
    for (const { name, options } of used) {
      assert.ok(table.get(name), `${file}: processor ${name}`);
      for (const option of options) assert.ok(table.option(name, option), `${file}: ${name}.${option}`);
      seen += 1;
    }
  }
  assert.ok(seen > 100, `walked the corpus processors (${seen})`);
});

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

test('the shipped table validates, and the build snapshot gives the same table', () => {
  const fromYaml = loadProcessorFile(tableFile, schemaFile);
  const snapshotFile = join(work, 'processors-snapshot.json');
  writeSnapshot(snapshotFile, createProcessorSnapshot(tableFile, schemaFile));
  const data = readProcessorSnapshot(snapshotFile, tableFile, schemaFile);
  assert.ok(data, 'a fresh snapshot is used');
  assert.deepEqual(specs(loadProcessorTable()), specs(fromYaml));
});

function specs(from: ProcessorTable): unknown {
  return from.names().map((name) => ({ ...from.get(name), options: { ...from.get(name)?.options } }));
}

test('a snapshot is ignored once the table or its schema changed, or when it is damaged', () => {
  const snapshotFile = join(work, 'stale-snapshot.json');
  writeSnapshot(snapshotFile, createProcessorSnapshot(tableFile, schemaFile));
  const edited = join(work, 'edited.yml');
  writeFileSync(edited, `${readFileSync(tableFile, 'utf8')}# edited\n`);
  assert.equal(readProcessorSnapshot(snapshotFile, edited, schemaFile), undefined);
  assert.equal(readProcessorSnapshot(snapshotFile, tableFile, edited), undefined);
  writeFileSync(snapshotFile, '{"format": 1, "data": ');
  assert.equal(readProcessorSnapshot(snapshotFile, tableFile, schemaFile), undefined);
  assert.equal(readProcessorSnapshot(join(work, 'absent.json'), tableFile, schemaFile), undefined);
});

/** Loads the shipped table with one textual change; returns the error message. */
function brokenTable(from: string, to: string): string {
  const text = readFileSync(tableFile, 'utf8');
  assert.ok(text.includes(from), `the table holds ${JSON.stringify(from)}`);
  const file = join(work, 'broken.yml');
  writeFileSync(file, text.replace(from, to));
  try {
    loadProcessorFile(file, schemaFile);
  } catch (error) {
    assert.ok(error instanceof DefinitionError, String(error));
    return error.message;
  }
  return assert.fail(`the table with ${JSON.stringify(to)} loaded`);
}

const brokenCases: Array<[string, string, RegExp]> = [
  [
    "target_field: {kind: field, access: write, template: true, required: true, description: 'The new name.'}",
    "target_field: {kind: feild, access: write, template: true, required: true, description: 'The new name.'}",
    /broken\.yml:\d+: \/processors\/rename\/options\/target_field\/kind: processor 'rename', option 'target_field': "feild" is not one of: field, fields/,
  ],
  [
    "target_field: {kind: field, access: write, template: true, required: true, description: 'The new name.'}",
    "target_field: {kind: field, acces: write, template: true, required: true, description: 'The new name.'}",
    /processor 'rename', option 'target_field': unknown property 'acces'/,
  ],
  [
    "type:\n        kind: typeName\n        values:",
    "type:\n        kind: typeName\n        choices:",
    /processor 'convert', option 'type': (missing required property 'values'|unknown property 'choices')/,
  ],
  [
    "writes: [{path: '@timestamp', unless: target_field}]",
    "writes: [{path: '@timestamp', unless: target}]",
    /broken\.yml:\d+: \/processors\/date\/writes\/0\/unless: processor 'date': unless names 'target', which is not an option of date/,
  ],
  [
    "  tag:\n    kind: string",
    "  tag:\n    kind: strin",
    /common option 'tag': "strin" is not one of/,
  ],
  ['  grok:\n', '  grok:\n  grok:\n', /YAML syntax error/],
];

test('a broken table fails with the file, line, processor and option at fault', () => {
  for (const [from, to, expected] of brokenCases) assert.match(brokenTable(from, to), expected);
});

test('a table that cannot be read fails with the file named', () => {
  assert.throws(() => loadProcessorFile(join(work, 'absent.yml'), schemaFile), (error: unknown) => {
    assert.ok(error instanceof DefinitionError);
    assert.match(error.message, /absent\.yml: \/: cannot read the processor table/);
    return true;
  });
});
