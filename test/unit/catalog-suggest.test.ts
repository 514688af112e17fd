// "Did you mean": closest defined paths by the spec's naming rules and edit distance, best first.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog, loadCatalog } from '../../server/src/catalog';
import { suggestPaths } from '../../server/src/catalog/suggest';

let catalog: Catalog;
before(() => {
  catalog = loadCatalog();
});

const firstSuggestions: Array<[string, string, string]> = [
  ['a transposition', 'source.prot', 'source.port'],
  ['stutter (naming rule 6)', 'host.host_ip', 'host.ip'],
  ['stutter of a deeper word', 'source.geo.geo_city_name', 'source.geo.city_name'],
  ['upper case (naming rule 1)', 'Source.Geo.City_Name', 'source.geo.city_name'],
  ['camelCase', 'source.geo.cityName', 'source.geo.city_name'],
  ['a hyphen (naming rule 2)', 'event.risk-score', 'event.risk_score'],
  ['a space', 'event.risk score', 'event.risk_score'],
  ['a missing letter', 'event.outcom', 'event.outcome'],
  ['a misspelt middle segment', 'source.goe.city_name', 'source.geo.city_name'],
  ['an intermediate object', 'source.goe', 'source.geo'],
  ['a repeated segment', 'process.parent.parent.pid', 'process.parent.pid'],
];

for (const [name, input, expected] of firstSuggestions) {
  test(`suggest: ${name}: ${input} => ${expected}`, () => {
    assert.equal(catalog.suggest(input)[0], expected);
  });
}

test('suggest: nothing close means no suggestion', () => {
  assert.deepEqual(catalog.suggest('source.xyzzy'), []);
  assert.deepEqual(catalog.suggest('completely.unrelated.thing'), []);
});

test('suggest: at most max, best first, a defined path never suggests itself', () => {
  const all = catalog.suggest('source.por', 10);
  assert.equal(all[0], 'source.port');
  assert.deepEqual(catalog.suggest('source.por', 1), ['source.port']);
  assert.deepEqual(catalog.suggest('source.por', 0), []);
  assert.ok(!catalog.suggest('source.port').includes('source.port'));
  for (const path of catalog.suggest('source.por', 10)) assert.ok(catalog.resolve(path.split('.')).kind !== 'unknown', path);
});

const ranking: Array<{ name: string; input: string; candidates: Array<[string, boolean]>; expected: string[] }> = [
  {
    name: 'fewer edits first',
    input: 'a.abcdef',
    candidates: [['a.abcdxx', false], ['a.abcdex', false], ['a.abxxxx', false]],
    expected: ['a.abcdex', 'a.abcdxx'],
  },
  {
    name: 'at equal distance the same parent first',
    input: 'host.nme',
    candidates: [['hosts.nme', false], ['host.name', false]],
    expected: ['host.name', 'hosts.nme'],
  },
  {
    name: 'at equal distance a deprecated path last',
    input: 'x.nme',
    candidates: [['x.name', true], ['x.nmea', false]],
    expected: ['x.nmea', 'x.name'],
  },
  {
    name: 'a short name tolerates one edit only',
    input: 'host.ix',
    candidates: [['host.ip', false], ['host.os', false], ['host.id', false]],
    expected: ['host.id', 'host.ip'],
  },
];

for (const c of ranking) {
  test(`suggestPaths ranks: ${c.name}`, () => {
    const candidates = c.candidates.map(([path, deprecated]) => ({ path, deprecated }));
    assert.deepEqual(suggestPaths(c.input, candidates, 5), c.expected);
  });
}
