// `fieldwise fields` called in-process: each output format, custom definitions, and bad arguments.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { Catalog, loadCatalog } from '../../server/src/catalog';
import { CliIO } from '../../server/src/cli/io';
import { main } from '../../server/src/cli/main';
import { fieldsCommand } from '../../server/src/cli/commands/fields';
import type { FieldRow } from '../../server/src/cli/formats/json';
import { componentOf } from '../../server/src/cli/formats/componentTemplates';
import { consoleRequests } from '../helpers/consoleRequests';
import type { TemplateBody } from '../helpers/mappingTree';

const FIXTURES = resolve(__dirname, '../fixtures/definitions');

interface Run { code: number; stdout: string; stderr: string }

async function run(args: string[], cwd = FIXTURES): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (text) => { stdout += text; },
    stderr: (text) => { stderr += text; },
    readStdin: async () => '',
    cwd,
    env: {},
  };
  const code = await main(['fields', ...args], io);
  return { code, stdout, stderr };
}

async function output(args: string[], cwd = FIXTURES): Promise<string> {
  const result = await run(args, cwd);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, '');
  return result.stdout;
}

let catalog: Catalog;
before(() => {
  catalog = loadCatalog();
});

// ---------- json ----------

test('json: one row per concrete field path, exactly the documented keys', async () => {
  const rows = JSON.parse(await output([])) as FieldRow[];
  assert.deepEqual(JSON.parse(await output(['--format', 'json'])), rows);
  const row = (name: string): FieldRow | undefined => rows.find((r) => r.name === name);
  const description = (name: string): string => catalog.lookup(name)?.description ?? assert.fail(`no ${name}`);
  const expected: FieldRow[] = [
    { name: 'host.cpu.usage', type: 'scaled_float', level: 'extended', array: false, description: description('host.cpu.usage'), min: 0, max: 1 },
    {
      name: 'event.kind', type: 'keyword', level: 'core', array: false, description: description('event.kind'),
      allowed: ['alert', 'enrichment', 'event', 'metric', 'state', 'pipeline_error', 'signal'],
    },
    {
      name: 'network.direction', type: 'keyword', level: 'core', array: false, description: description('network.direction'),
      recommended: ['ingress', 'egress', 'inbound', 'outbound', 'internal', 'external', 'unknown'],
    },
    { name: 'user.name', type: 'keyword', level: 'core', array: false, description: description('user.name'), multi_fields: [{ name: 'text', type: 'text' }] },
    { name: 'event.original', type: 'keyword', level: 'core', array: false, description: description('event.original'), index: false },
    {
      name: 'log.original', type: 'keyword', level: 'core', array: false, description: description('log.original'),
      deprecated: 'superseded by event.original', index: false,
    },
    { name: 'host.ip', type: 'ip', level: 'core', array: true, description: description('host.ip') },
    { name: 'schema.version', type: 'keyword', level: 'core', array: false, description: description('schema.version'), pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+$' },
    { name: 'message', type: 'text', level: 'core', array: false, description: description('message') },
  ];
  for (const want of expected) assert.deepEqual(row(want.name), want, want.name);
  assert.equal(row('host.user.id')?.deprecated, catalog.lookup('host.user.id')?.deprecated);
  assert.ok(row('host.user.id')?.deprecated);
});

test('json: multi-fields are properties, never rows; every path once, sorted', async () => {
  const rows = JSON.parse(await output([])) as FieldRow[];
  const names = rows.map((r) => r.name);
  assert.equal(names.filter((n) => n.endsWith('.text')).length, 0);
  assert.deepEqual(names, [...new Set(names)].sort());
  assert.deepEqual(names, catalog.fields().map((f) => f.path));
  assert.ok(rows.some((r) => r.multi_fields?.some((m) => m.name === 'text')));
});

// ---------- json-schema ----------

function eventValidator(schema: object) {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, strict: true });
  // The formats the schema uses, checked the way Elasticsearch reads them.
  ajv.addFormat('date-time', (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)));
  ajv.addFormat('ipv4', (s: string) => isIPv4(s));
  ajv.addFormat('ipv6', (s: string) => isIPv6(s));
  return ajv.compile(schema);
}

const goodEvent = {
  '@timestamp': '2024-05-01T12:00:00.000Z',
  schema: { version: '1.11.0' },
  message: 'GET /index.html 200',
  labels: { env: 'prod', team: 'web' },
  tags: ['web', 'nginx'],
  event: { kind: 'event', category: ['network', 'web'], type: ['connection', 'protocol'], outcome: 'success', created: 1714564800000, risk_score_norm: 42.5 },
  source: { ip: '192.0.2.10', port: 51234, address: '192.0.2.10', geo: { city_name: 'Paris', location: { lat: 48.85, lon: 2.35 } }, user: { name: 'alice' } },
  destination: { ip: '2001:db8::1', port: 443 },
  host: { ip: ['10.0.0.1', 'fe80::1'], cpu: { usage: 0.25 }, os: { type: 'linux' } },
  log: { syslog: { facility: { code: 3 }, priority: 30 } },
  network: { protocol: 'http', transport: 'tcp' },
  nginx: { access: { time: 'custom field, allowed' } },
};

test('json-schema: a draft 2020-12 schema whose root accepts one event or an array, without anyOf', async () => {
  const schema = JSON.parse(await output(['--format', 'json-schema'])) as Record<string, unknown>;
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.deepEqual(schema.type, ['object', 'array']);
  assert.deepEqual(schema.items, { $ref: '#' });
  assert.equal(schema.anyOf, undefined);
  assert.equal(schema.oneOf, undefined);
  assert.equal(schema.additionalProperties, true);
  assert.deepEqual(schema.required, ['@timestamp', 'schema']);
});

test('json-schema: validates a correct nested event and an array of events', async () => {
  const validate = eventValidator(JSON.parse(await output(['--format', 'json-schema'])) as object);
  assert.ok(validate(goodEvent), JSON.stringify(validate.errors));
  assert.ok(validate([goodEvent, { ...goodEvent, '@timestamp': 1714564800000 }]), JSON.stringify(validate.errors));
});

const badEvents: Array<[string, Record<string, unknown>, string]> = [
  ['no @timestamp', { '@timestamp': undefined }, ''],
  ['no schema.version', { schema: {} }, '/schema'],
  ['schema.version not major.minor.patch', { schema: { version: '1.11' } }, '/schema/version'],
  ['event.kind outside the allowed values', { event: { kind: 'alarm' } }, '/event/kind'],
  ['event.category not an array', { event: { kind: 'event', category: 'network' } }, '/event/category'],
  ['source.port a string', { source: { port: 'https' } }, '/source/port'],
  ['source.ip not an address', { source: { ip: 'not-an-ip' } }, '/source/ip'],
  ['geo location without lon', { source: { geo: { location: { lat: 1 } } } }, '/source/geo/location'],
  ['host.cpu.usage above 1', { host: { cpu: { usage: 3 } } }, '/host/cpu/usage'],
  ['a nested object in labels', { labels: { env: { name: 'prod' } } }, '/labels/env'],
  ['@timestamp not a date', { '@timestamp': 'yesterday' }, '/@timestamp'],
];

for (const [name, change, where] of badEvents) {
  test(`json-schema: rejects an event with ${name}`, async () => {
    const validate = eventValidator(JSON.parse(await output(['--format', 'json-schema'])) as object);
    const event: Record<string, unknown> = { ...goodEvent, ...change };
    for (const key of Object.keys(event)) if (event[key] === undefined) delete event[key];
    assert.equal(validate(event), false);
    assert.ok(validate.errors?.some((e) => e.instancePath === where), `${where}: ${JSON.stringify(validate.errors)}`);
  });
}

// ---------- index-template ----------

test('index-template: a composable template mapping fields by the spec conventions', async () => {
  const template = JSON.parse(await output(['--format', 'index-template'])) as {
    index_patterns: string[];
    template: TemplateBody['template'];
    _meta: Record<string, unknown>;
  };
  assert.ok(Array.isArray(template.index_patterns) && template.index_patterns.length > 0);
  assert.equal(template._meta.schema_version, '1.11.0');
  const p = template.template.mappings.properties;
  assert.deepEqual(p.message, { type: 'text' });
  assert.deepEqual(p.error.properties.message, { type: 'text' });
  assert.deepEqual(p.event.properties.original, { type: 'keyword', index: false, doc_values: false });
  assert.deepEqual(p.log.properties.original, { type: 'keyword', index: false, doc_values: false });
  assert.deepEqual(p.user.properties.name, { type: 'keyword', ignore_above: 1024, fields: { text: { type: 'text' } } });
  assert.deepEqual(p.source.properties.user.properties.name, p.user.properties.name);
  assert.deepEqual(p.host.properties.cpu.properties.usage, { type: 'scaled_float', scaling_factor: 1000 });
  assert.deepEqual(p.host.properties.ip, { type: 'ip' });
  assert.deepEqual(p['@timestamp'], { type: 'date' });
  assert.deepEqual(p.labels, { type: 'object' });
  assert.deepEqual(p.source.properties.geo.properties.location, { type: 'geo_point' });
  assert.deepEqual(p.event.properties.kind, { type: 'keyword', ignore_above: 1024 });
  assert.equal(p.log.properties.syslog.type, 'object');
  assert.deepEqual(p.log.properties.syslog.properties.facility.properties.code, { type: 'long' });
  const limit = template.template.settings?.index.mapping.total_fields.limit ?? 0;
  assert.ok(limit >= catalog.fields().length, `field limit ${limit}`);
});

// ---------- component-templates ----------

test('component-templates: one component per field set, then the index template composing them, the same mappings as index-template', async () => {
  const requests = consoleRequests(await output(['--format', 'component-templates']));
  const whole = JSON.parse(await output(['--format', 'index-template'])) as {
    template: { settings: unknown; mappings: { dynamic_templates: unknown[]; properties: Record<string, unknown> } };
  };
  const last = requests[requests.length - 1];
  const components = requests.slice(0, -1);
  assert.deepEqual([last.method, last.path], ['PUT', '_index_template/events']);
  assert.ok(components.every((r) => r.method === 'PUT' && r.path.startsWith('_component_template/schema_1.11.0_')));
  assert.deepEqual(last.body.composed_of, components.map((r) => r.path.slice('_component_template/'.length)));
  const properties: Record<string, unknown> = {};
  const dynamicTemplates: unknown[] = [];
  for (const { body } of components) {
    const mappings = (body.template as { mappings: { properties: Record<string, unknown>; dynamic_templates?: unknown[] } }).mappings;
    for (const [name, mapping] of Object.entries(mappings.properties)) {
      assert.equal(properties[name], undefined, `${name} is in two components`);
      properties[name] = mapping;
    }
    dynamicTemplates.push(...(mappings.dynamic_templates ?? []));
    assert.deepEqual((body._meta as Record<string, unknown>).schema_version, '1.11.0');
  }
  assert.deepEqual(properties, whole.template.mappings.properties);
  assert.deepEqual(dynamicTemplates.map((t) => Object.keys(t as object)[0]).sort(), whole.template.mappings.dynamic_templates.map((t) => Object.keys(t as object)[0]).sort());
  const template = last.body.template as { settings: unknown; mappings: unknown };
  assert.deepEqual(template.settings, whole.template.settings);
  assert.deepEqual(template.mappings, { date_detection: false });
});

const componentCases: Array<[string, string]> = [
  ['@timestamp', 'base'],
  ['labels', 'base'],
  ['trace.id', 'tracing'],
  ['source.geo.city_name', 'source'],
  ['host.user.name', 'host'],
  ['process.parent.hash.sha256', 'process'],
  ['user_agent.os.name', 'user_agent'],
  ['schema.version', 'schema'],
];

for (const [path, component] of componentCases) {
  test(`component-templates: ${path} is in the ${component} component`, () => {
    const field = catalog.lookup(path) ?? assert.fail(`no ${path}`);
    assert.equal(componentOf(field, catalog), component);
  });
}

// ---------- markdown ----------

test('markdown: a section and a table per field set', async () => {
  const text = await output(['--format', 'markdown']);
  for (const set of catalog.fieldSets()) assert.ok(text.includes(`## ${set.title} (${set.name})`), set.name);
  assert.match(text, /^# Common Event Field Schema 1\.11\.0/);
  assert.match(text, /\| `host\.ip` \| ip\[\] \| core \| [^|]+ \| array \|/);
  assert.match(text, /\| `city_name` \| keyword \| core \|/);
  assert.match(text, /Nested only; placed at `client\.geo`, /);
  assert.match(text, /\| `log\.original` \|[^\n]*\*\*deprecated\*\*: superseded by event\.original/);
  assert.match(text, /\| `user\.name` \|[^\n]*multi-field `\.text` \(text\)/);
});

// ---------- custom definitions ----------

test('--definitions adds custom fields to every format', async () => {
  const args = ['--definitions', 'custom/shop.yml', '--definitions', 'custom/host-extra.yml'];
  const rows = JSON.parse(await output(args)) as FieldRow[];
  assert.deepEqual(rows.find((r) => r.name === 'storefront.payment.method'), {
    name: 'storefront.payment.method', type: 'keyword', level: 'custom', array: false,
    description: 'How the order was paid.', allowed: ['card', 'invoice', 'voucher'],
  });
  assert.ok(rows.some((r) => r.name === 'host.rack'));
  const markdown = await output([...args, '--format', 'markdown']);
  assert.match(markdown, /## Shop \(shop\)[\s\S]*From custom definitions: `[^`]*shop\.yml`/);
  const template = JSON.parse(await output([...args, '--format', 'index-template'])) as TemplateBody;
  assert.deepEqual(template.template.mappings.properties.shop.properties.total, { type: 'scaled_float', scaling_factor: 100 });
});

test('a workspace .fieldwise/ folder is read when no --definitions is given', async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'fieldwise-workspace-'));
  after(() => rmSync(workspace, { recursive: true, force: true }));
  mkdirSync(join(workspace, '.fieldwise'));
  assert.equal((JSON.parse(await output([], workspace)) as FieldRow[]).length, catalog.fields().length, 'an empty .fieldwise/ is no error');
  cpSync(join(FIXTURES, 'custom/shop.yml'), join(workspace, '.fieldwise/shop.yml'));
  const rows = JSON.parse(await output([], workspace)) as FieldRow[];
  assert.ok(rows.some((r) => r.name === 'shop.order_id'));
  const explicit = JSON.parse(await output(['--definitions', join(FIXTURES, 'custom/host-extra.yml')], workspace)) as FieldRow[];
  assert.ok(!explicit.some((r) => r.name === 'shop.order_id'), '--definitions replaces the workspace default');
});

// ---------- errors ----------

const usageErrors: Array<[string[], RegExp]> = [
  [['--format', 'xml'], /unknown format 'xml'; expected one of: json, markdown, json-schema, index-template, component-templates/],
  [['--frmat', 'json'], /Unknown option '--frmat'/],
  [['extra'], /Unexpected argument 'extra'|does not take positional arguments/],
  [['--definitions'], /argument missing/],
];

for (const [args, message] of usageErrors) {
  test(`bad arguments ${args.join(' ')}: exit 2, the usage, no stack trace`, async () => {
    const result = await run(args);
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, message);
    assert.match(result.stderr, /usage: fieldwise fields/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  });
}

test('broken custom definitions: exit 1 with file, line and path, no stack trace', async () => {
  const result = await run(['--definitions', 'broken/bad-type.yml']);
  assert.equal(result.code, 1);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, /invalid field definitions:\nbroken\/bad-type\.yml:10: \/fields\/1\/type: "money" is not one of/);
  assert.doesNotMatch(result.stderr, /\n\s+at /);
});

test('the command keeps its name and the Command shape', () => {
  assert.equal(fieldsCommand.name, 'fields');
  assert.match(fieldsCommand.usage, /--format json\|markdown\|json-schema\|index-template/);
});
