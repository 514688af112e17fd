// `fieldwise fields` through the built CLI (dist/cli.js, from `npm run build`), as a user runs it.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { consoleRequests } from '../helpers/consoleRequests';
import { readCorpus } from '../helpers/corpus';
import type { TemplateBody } from '../helpers/mappingTree';

const ROOT = resolve(__dirname, '../..');
const CLI = resolve(ROOT, 'dist/cli.js');
const FIXTURES = resolve(ROOT, 'test/fixtures/definitions');
const ECS_GENERATED = 'elastic-ecs/generated/elasticsearch';

interface Run { code: number; stdout: string; stderr: string }

function cli(args: string[], cwd = FIXTURES): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, 'fields', ...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FIELDWISE_DEBUG: '' } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

async function ok(args: string[]): Promise<string> {
  const result = await cli(args);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, '');
  return result.stdout;
}

before(() => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run \`npm run build\` first`);
});

test('json: rows with multi-fields as properties', async () => {
  const rows = JSON.parse(await ok([])) as Array<Record<string, unknown>>;
  assert.ok(rows.length > 500, `${rows.length} rows`);
  assert.equal(rows.filter((r) => String(r.name).endsWith('.text')).length, 0);
  const name = rows.find((r) => r.name === 'user.name');
  assert.deepEqual([name?.type, name?.level, name?.array, name?.multi_fields], ['keyword', 'core', false, [{ name: 'text', type: 'text' }]]);
  assert.deepEqual(rows.find((r) => r.name === 'event.original')?.index, false);
});

test('json-schema: validates a nested event and rejects a wrong one', async () => {
  const ajv = new Ajv2020({ allowUnionTypes: true });
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)) && s.includes('T'));
  ajv.addFormat('ipv4', (s: string) => isIPv4(s));
  ajv.addFormat('ipv6', (s: string) => isIPv6(s));
  const validate = ajv.compile(JSON.parse(await ok(['--format', 'json-schema'])) as object);
  const event = {
    '@timestamp': '2024-05-01T12:00:00Z',
    schema: { version: '1.11.0' },
    event: { kind: 'event', category: ['web'] },
    source: { ip: '192.0.2.1', port: 80, geo: { location: { lat: 1, lon: 2 } } },
  };
  assert.ok(validate(event), JSON.stringify(validate.errors));
  assert.equal(validate({ ...event, source: { port: 'eighty' } }), false);
  assert.equal(validate({ ...event, event: { kind: 'alarm' } }), false);
});

test('index-template: mappings by the spec conventions', async () => {
  const template = JSON.parse(await ok(['--format', 'index-template'])) as TemplateBody;
  const p = template.template.mappings.properties;
  assert.deepEqual(p.message, { type: 'text' });
  assert.deepEqual(p.event.properties.original, { type: 'keyword', index: false, doc_values: false });
  assert.deepEqual(p.user.properties.name.fields, { text: { type: 'text' } });
  assert.deepEqual(p.host.properties.cpu.properties.usage, { type: 'scaled_float', scaling_factor: 1000 });
});

test('component-templates: console requests named as the schema family names its own components', async () => {
  const requests = consoleRequests(await ok(['--format', 'component-templates']));
  const names = requests.slice(0, -1).map((r) => r.path.replace(/^_component_template\//, ''));
  const last = requests[requests.length - 1];
  assert.equal(`${last.method} ${last.path}`, 'PUT _index_template/events');
  assert.deepEqual(last.body.composed_of, names);
  // The family's own generator: ecs_1.11.0_<set>, and its ecs set is this family's schema set.
  const ecs = JSON.parse(readCorpus(`${ECS_GENERATED}/template.json`)) as { composed_of: string[] };
  const legacy = JSON.parse(readCorpus(`${ECS_GENERATED}/7/template.json`)) as { mappings: { properties: Record<string, unknown> } };
  const theirs = new Set(ecs.composed_of.map((name) => name.replace(/^ecs_1\.11\.0_ecs$/, 'schema_1.11.0_schema').replace(/^ecs_/, 'schema_')));
  for (const name of names) {
    assert.match(name, /^schema_1\.11\.0_[a-z_]+$/);
    const set = name.slice('schema_1.11.0_'.length);
    // A set of this schema that ECS 1.11 does not have maps nothing in ECS's legacy template either.
    assert.ok(theirs.has(name) || !(set in legacy.mappings.properties), `${name}: ECS maps ${set} but names no such component`);
  }
  for (const name of ['schema_1.11.0_base', 'schema_1.11.0_source', 'schema_1.11.0_schema', 'schema_1.11.0_tracing', 'schema_1.11.0_user_agent']) {
    assert.ok(names.includes(name) && theirs.has(name), name);
  }
  const source = requests.find((r) => r.path === '_component_template/schema_1.11.0_source')?.body as unknown as TemplateBody;
  assert.deepEqual(Object.keys(source.template.mappings.properties), ['source']);
  assert.deepEqual(source.template.mappings.properties.source.properties.geo.properties.location, { type: 'geo_point' });
});

test("component-templates with --definitions: custom fields join their set's component or get their own", async () => {
  const requests = consoleRequests(await ok(['--definitions', 'custom', '--format', 'component-templates']));
  const body = (name: string) => requests.find((r) => r.path === `_component_template/schema_1.11.0_${name}`)?.body as TemplateBody | undefined;
  assert.deepEqual(body('host')?.template.mappings.properties.host.properties.rack, { type: 'keyword', ignore_above: 1024 });
  assert.ok(body('storefront'), requests.map((r) => r.path).join(', '));
});

test('markdown: a reference with a section per field set', async () => {
  const text = await ok(['--format', 'markdown']);
  assert.match(text, /^# Common Event Field Schema 1\.11\.0/);
  assert.match(text, /## Geo \(geo\)\n/);
  assert.match(text, /\| Field \| Type \| Level \| Description \| Notes \|/);
});

test('--definitions relative to the working folder adds custom fields', async () => {
  const rows = JSON.parse(await ok(['--definitions', 'custom'])) as Array<Record<string, unknown>>;
  assert.ok(rows.some((r) => r.name === 'storefront.total'));
  assert.ok(rows.some((r) => r.name === 'host.rack'));
});

test('bad arguments: exit 2 with the usage and no stack trace', async () => {
  for (const args of [['--format', 'xml'], ['--nope'], ['stray']]) {
    const result = await cli(args);
    assert.equal(result.code, 2, args.join(' '));
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^fieldwise fields: /);
    assert.match(result.stderr, /usage: fieldwise fields/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  }
});

test('broken definitions: exit 1 naming file, line and path', async () => {
  const result = await cli(['--definitions', 'broken/missing-level.yml']);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /missing-level\.yml:9: \/fields\/1: missing required property 'level'/);
  assert.doesNotMatch(result.stderr, /\n\s+at /);
});
