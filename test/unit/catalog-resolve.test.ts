// What paths mean to the built-in catalog: every Resolution kind, completion children, reuse expansion.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog, FieldSetInfo, Resolution, loadCatalog } from '../../server/src/catalog';

let catalog: Catalog;
let sets: Map<string, FieldSetInfo>;
before(() => {
  catalog = loadCatalog();
  sets = new Map(catalog.fieldSets().map((s) => [s.name, s]));
});

const set = (name: string): FieldSetInfo => {
  const info = sets.get(name);
  assert.ok(info, `no field set ${name}`);
  return info;
};

/** The part of a resolution a test states: kind plus the members that identify it. */
function summary(r: Resolution): Record<string, unknown> {
  switch (r.kind) {
    case 'field': return { kind: r.kind, path: r.field.path, deprecated: r.field.deprecated, beta: r.field.beta };
    case 'object': return { kind: r.kind, path: r.path, fieldSet: r.fieldSet?.name, deprecated: r.deprecated, beta: r.beta };
    case 'open': return { kind: r.kind, owner: r.owner };
    case 'undefinedSet': return { kind: r.kind, fieldSet: r.fieldSet.name, path: r.path, placement: r.placement };
    case 'nestedOnly': return { kind: r.kind, fieldSet: r.fieldSet.name, validAt: r.validAt };
    case 'unknown': return { kind: r.kind, path: r.path, fieldSet: r.fieldSet.name, suggestions: r.suggestions };
    case 'custom': return { kind: r.kind, path: r.path };
  }
}

function check(path: string, expected: Record<string, unknown>): void {
  const got = summary(catalog.resolve(path === '' ? [] : path.split('.')));
  const wanted = { ...expected };
  for (const key of Object.keys(got)) if (got[key] === undefined && !(key in wanted)) delete got[key];
  assert.deepEqual(got, wanted, path);
}

const HOST_USER_DEPRECATED = 'host.user.* is deprecated and will be removed in the next major version.';

const resolutions: Array<[string, Record<string, unknown>]> = [
  ['@timestamp', { kind: 'field', path: '@timestamp' }],
  ['source.geo.city_name', { kind: 'field', path: 'source.geo.city_name' }],
  ['threat.indicator.geo.location', { kind: 'field', path: 'threat.indicator.geo.location' }],
  ['user_agent.os.name', { kind: 'field', path: 'user_agent.os.name' }],
  ['process.parent.pid', { kind: 'field', path: 'process.parent.pid' }],
  ['user.target.name', { kind: 'field', path: 'user.target.name' }],
  ['source.user.name', { kind: 'field', path: 'source.user.name' }],
  ['log.syslog', { kind: 'field', path: 'log.syslog' }],
  ['log.original', { kind: 'field', path: 'log.original', deprecated: 'superseded by event.original' }],
  ['host.user.name', { kind: 'field', path: 'host.user.name', deprecated: HOST_USER_DEPRECATED }],
  ['', { kind: 'object', path: '' }],
  ['source', { kind: 'object', path: 'source', fieldSet: 'side' }],
  ['source.geo', { kind: 'object', path: 'source.geo', fieldSet: 'geo' }],
  ['log.syslog.facility', { kind: 'object', path: 'log.syslog.facility' }],
  ['host.user', { kind: 'object', path: 'host.user', fieldSet: 'user', deprecated: HOST_USER_DEPRECATED }],
  ['labels.env', { kind: 'open', owner: 'labels' }],
  ['http.request.headers.accept', { kind: 'open', owner: 'http.request.headers' }],
  ['metrics.http.requests_per_sec', { kind: 'open', owner: 'metrics' }],
  ['metrics.puppet.runtime.agent_run', { kind: 'open', owner: 'metrics.puppet.runtime' }],
  ['process.hash.sha3_512', { kind: 'open', owner: 'process.hash' }],
  ['network.inner.vlan.id', { kind: 'undefinedSet', fieldSet: 'vlan', path: 'network.inner.vlan.id', placement: 'network.inner.vlan' }],
  ['user_agent.original', { kind: 'undefinedSet', fieldSet: 'user_agent', path: 'user_agent.original', placement: 'user_agent' }],
  ['user_agent', { kind: 'undefinedSet', fieldSet: 'user_agent', path: 'user_agent', placement: 'user_agent' }],
  ['file.path', { kind: 'undefinedSet', fieldSet: 'file', path: 'file.path', placement: 'file' }],
  ['source.user.group.id', { kind: 'undefinedSet', fieldSet: 'group', path: 'source.user.group.id', placement: 'source.user.group' }],
  ['threat.indicator.type', { kind: 'undefinedSet', fieldSet: 'threat', path: 'threat.indicator.type', placement: 'threat' }],
  ['nginx.access.time', { kind: 'custom', path: 'nginx.access.time' }],
  ['Source.ip', { kind: 'custom', path: 'Source.ip' }],
  ['source.prot', { kind: 'unknown', path: 'source.prot', fieldSet: 'side', suggestions: ['source.port'] }],
  ['host.host_ip', { kind: 'unknown', path: 'host.host_ip', fieldSet: 'host', suggestions: ['host.ip', 'host.id'] }],
  ['trace.span', { kind: 'unknown', path: 'trace.span', fieldSet: 'tracing', suggestions: [] }],
  // A set reused inside itself is expanded at its root placement only.
  ['process.parent.parent.pid', { kind: 'unknown', path: 'process.parent.parent.pid', fieldSet: 'process', suggestions: ['process.parent.pid', 'process.parent.pgid', 'process.parent.ppid'] }],
  ['source.user.target.name', { kind: 'unknown', path: 'source.user.target.name', fieldSet: 'user', suggestions: [] }],
  // The name pattern of hash admits a new algorithm in its own spelling, not a deeper path.
  ['process.hash.SHA3-512', { kind: 'unknown', path: 'process.hash.SHA3-512', fieldSet: 'hash', suggestions: ['process.hash.sha3_512', 'process.hash.sha512'] }],
  ['process.hash.sha3_512.x', { kind: 'unknown', path: 'process.hash.sha3_512.x', fieldSet: 'hash', suggestions: [] }],
  ['source.port.number', { kind: 'unknown', path: 'source.port.number', fieldSet: 'side', suggestions: [] }],
];

for (const [path, expected] of resolutions) test(`resolve ${path || '(root)'} => ${String(expected.kind)}`, () => check(path, expected));

test('resolve names where a nested-only set belongs', () => {
  const geo = catalog.resolve(['geo', 'city_name']);
  assert.equal(geo.kind, 'nestedOnly');
  assert.ok(geo.kind === 'nestedOnly' && geo.validAt.includes('source.geo') && geo.validAt.includes('host.geo'));
  assert.deepEqual(summary(catalog.resolve(['as', 'number'])), { kind: 'nestedOnly', fieldSet: 'as', validAt: set('as').placements });
  assert.deepEqual(summary(catalog.resolve(['side'])), { kind: 'nestedOnly', fieldSet: 'side', validAt: ['client', 'destination', 'server', 'source'] });
});

test('an inner object limited to some children accepts exactly those', () => {
  assert.equal(catalog.resolve(['network', 'inner', 'vlan', 'name']).kind, 'undefinedSet');
  assert.equal(catalog.lookup('network.inner')?.allowedChildren?.join(), 'vlan.id,vlan.name');
});

test('lookup returns the field with reuses resolved and its origin', () => {
  const city = catalog.lookup('client.geo.city_name');
  assert.equal(city?.type, 'keyword');
  assert.equal(city?.origin.fieldSet, 'geo');
  assert.ok(city?.origin.file.endsWith('geo.yml'));
  assert.equal(catalog.lookup('client.geo'), undefined);
  assert.equal(catalog.lookup('client.geo.city_name.text'), undefined);
  assert.equal(catalog.lookup('host.cpu.usage')?.scalingFactor, 1000);
});

test('reuse placements are transitive except inside the set itself', () => {
  assert.ok(set('group').placements.includes('source.user.group'));
  assert.ok(set('group').placements.includes('user.target.group'));
  assert.deepEqual(set('process').placements, ['process', 'process.parent']);
  assert.deepEqual(set('user').placements, [
    'client.user', 'destination.user', 'host.user', 'server.user', 'source.user', 'user', 'user.changes', 'user.effective', 'user.target',
  ]);
  assert.ok(set('hash').placements.includes('process.parent.hash'));
  const paths = catalog.fields().map((f) => f.path);
  assert.equal(paths.filter((p) => p.startsWith('process.parent.parent.')).length, 0);
  assert.equal(paths.filter((p) => /^(client|server|source|destination|host)\.user\.(target|effective|changes)\./.test(p)).length, 0);
  for (const side of ['client', 'server', 'source', 'destination']) {
    for (const geoField of set('geo').fields) assert.ok(catalog.lookup(`${side}.geo.${geoField.name}`), `${side}.geo.${geoField.name}`);
    assert.ok(catalog.lookup(`${side}.as.number`), `${side}.as.number`);
  }
});

test('flags of a deprecated or beta placement are inherited by what is placed there', () => {
  const hostUser = catalog.fields().filter((f) => f.path.startsWith('host.user.'));
  assert.ok(hostUser.length > 0);
  for (const field of hostUser) assert.equal(field.deprecated, HOST_USER_DEPRECATED, field.path);
  assert.equal(catalog.lookup('user.name')?.deprecated, undefined);
  const elf = catalog.children(['process']).find((c) => c.name === 'elf');
  assert.equal(elf?.beta, 'The process.elf reuse is beta.');
  assert.equal(catalog.children(['host']).find((c) => c.name === 'user')?.deprecated, HOST_USER_DEPRECATED);
});

test('children of the root: top-level sets and base fields, no nested-only set', () => {
  const root = catalog.children([]);
  const names = root.map((c) => c.name);
  assert.deepEqual(names, [...names].sort());
  for (const name of ['@timestamp', 'labels', 'message', 'tags', 'source', 'client', 'host', 'event', 'trace', 'user_agent', 'dns']) {
    assert.ok(names.includes(name), name);
  }
  for (const info of catalog.fieldSets().filter((s) => !s.topLevel)) assert.ok(!names.includes(info.name), info.name);
  const timestamp = root.find((c) => c.name === '@timestamp');
  assert.deepEqual([timestamp?.kind, timestamp?.level, timestamp?.field?.type], ['field', 'core', 'date']);
  const source = root.find((c) => c.name === 'source');
  assert.deepEqual([source?.kind, source?.level, source?.fieldSet?.name], ['object', 'core', 'side']);
  const dns = root.find((c) => c.name === 'dns');
  assert.equal(dns?.fieldSet?.defined, false);
});

test('children of source: the side fields and its nested sets', () => {
  const children = catalog.children(['source']);
  const byName = new Map(children.map((c) => [c.name, c]));
  for (const name of ['address', 'ip', 'port', 'mac', 'bytes', 'registered_domain']) assert.equal(byName.get(name)?.kind, 'field', name);
  for (const [name, setName] of [['geo', 'geo'], ['as', 'as'], ['user', 'user']]) {
    assert.equal(byName.get(name)?.kind, 'object', name);
    assert.equal(byName.get(name)?.fieldSet?.name, setName, name);
  }
  assert.equal(byName.get('nat')?.kind, 'object');
  assert.equal(byName.get('nat')?.fieldSet, undefined);
  assert.equal(byName.get('nat')?.level, 'extended');
  assert.equal(byName.get('port')?.path, 'source.port');
});

test('children of source.geo: exactly the geo fields', () => {
  const children = catalog.children(['source', 'geo']);
  assert.deepEqual(children.map((c) => c.name), set('geo').fields.map((f) => f.name).sort());
  assert.ok(children.every((c) => c.kind === 'field' && c.path === `source.geo.${c.name}`));
  assert.equal(children.find((c) => c.name === 'location')?.field?.type, 'geo_point');
});

test('children of an open object and of unknown paths are empty', () => {
  assert.deepEqual(catalog.children(['labels']), []);
  assert.deepEqual(catalog.children(['nginx']), []);
  assert.deepEqual(catalog.children(['geo']), []);
});

test('fields() lists every concrete path once, sorted, with no multi-field rows', () => {
  const fields = catalog.fields();
  const paths = fields.map((f) => f.path);
  assert.deepEqual(paths, [...new Set(paths)].sort());
  assert.equal(paths.filter((p) => p.endsWith('.text')).length, 0);
  for (const field of fields) assert.equal(catalog.lookup(field.path), field);
  assert.equal(catalog.version, '1.11.0');
});
