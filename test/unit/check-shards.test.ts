// `fieldwise check --shard`: how a share is named (K/N, or auto from the CI's variables), how files are dealt (every
// file in exactly one share, a package's files together, the shares balanced), and the --files-from list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { UsageError } from '../../server/src/cli/io';
import { parseShard, shardName, shareOf, ShardUnit } from '../../server/src/cli/shards';
import { listedPaths, selectFiles } from '../../server/src/cli/fileSelection';
import { PackageFolders } from '../../server/src/cli/packageFolders';

const USAGE = 'usage';

test('--shard K/N names share K of N, from 1', () => {
  assert.deepEqual(parseShard('2/4', {}, USAGE), { index: 2, total: 4 });
  assert.deepEqual(parseShard('1/1', {}, USAGE), { index: 1, total: 1 });
  for (const bad of ['0/4', '5/4', '1/0', '2', 'a/b', '-1/2', '1/2/3', '']) {
    assert.throws(() => parseShard(bad, {}, USAGE), UsageError, bad);
  }
  assert.equal(shardName({ index: 2, total: 4 }), 'shard-2-of-4');
});

test('--shard auto reads GitLab\'s 1-based and Buildkite\'s 0-based variables, and says what is missing', () => {
  assert.deepEqual(parseShard('auto', { CI_NODE_INDEX: '3', CI_NODE_TOTAL: '5' }, USAGE), { index: 3, total: 5 });
  assert.deepEqual(parseShard('auto', { BUILDKITE_PARALLEL_JOB: '0', BUILDKITE_PARALLEL_JOB_COUNT: '4' }, USAGE), { index: 1, total: 4 });
  assert.deepEqual(parseShard('auto', { BUILDKITE_PARALLEL_JOB: '3', BUILDKITE_PARALLEL_JOB_COUNT: '4' }, USAGE), { index: 4, total: 4 });
  assert.throws(() => parseShard('auto', {}, USAGE), /no CI variable says this job's share \(CI_NODE_INDEX and CI_NODE_TOTAL, or BUILDKITE_PARALLEL_JOB and BUILDKITE_PARALLEL_JOB_COUNT\)/);
  assert.throws(() => parseShard('auto', { CI_NODE_INDEX: '2' }, USAGE), /CI_NODE_INDEX=2, CI_NODE_TOTAL=\): both must be whole numbers/);
  assert.throws(() => parseShard('auto', { BUILDKITE_PARALLEL_JOB: '4', BUILDKITE_PARALLEL_JOB_COUNT: '4' }, USAGE), /from 1 to N/);
});

const units = fc.array(
  fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), bytes: fc.nat({ max: 100_000 }), items: fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 5 }) }),
  { maxLength: 60 },
).map((list) => list.map((u, i): ShardUnit<string> => ({ key: `${u.key}${i}`, bytes: u.bytes, items: u.items.map((n) => `${u.key}${i}/${n}`) })));

test('the N shares hold every item exactly once, and a unit\'s items stay in one share', () => {
  fc.assert(fc.property(units, fc.integer({ min: 1, max: 9 }), (list, total) => {
    const shares = Array.from({ length: total }, (_, k) => shareOf(list, { index: k + 1, total }));
    const all = shares.flat().sort();
    assert.deepEqual(all, list.flatMap((u) => u.items).sort());
    for (const unit of list) {
      const holders = shares.filter((share) => share.includes(unit.items[0]));
      assert.equal(holders.length, 1);
      for (const item of unit.items) assert.ok(holders[0].includes(item), `${item} left its unit`);
    }
  }));
});

test('the deal does not depend on the order units come in', () => {
  fc.assert(fc.property(units, fc.integer({ min: 1, max: 6 }), (list, total) => {
    const reversed = [...list].reverse();
    for (let k = 1; k <= total; k++) assert.deepEqual(shareOf(list, { index: k, total }).sort(), shareOf(reversed, { index: k, total }).sort());
  }));
});

test('shares are balanced: no share exceeds the average by more than the largest unit', () => {
  fc.assert(fc.property(units, fc.integer({ min: 2, max: 6 }), (list, total) => {
    const weight = new Map(list.flatMap((u) => u.items.map((item) => [item, (u.bytes + u.items.length) / u.items.length] as const)));
    const loads = Array.from({ length: total }, (_, k) => shareOf(list, { index: k + 1, total }).reduce((n, item) => n + weight.get(item)!, 0));
    const sum = loads.reduce((a, b) => a + b, 0);
    const largest = Math.max(0, ...list.map((u) => u.bytes + u.items.length));
    for (const load of loads) assert.ok(load <= sum / total + largest + 1e-6, `${load} against ${sum / total} + ${largest}`);
  }));
});

test('--files-from: one path per line (blank lines and CRLF aside), or NUL-separated', () => {
  assert.deepEqual(listedPaths('a.json\r\n\nb/c.yml\n  \n'), ['a.json', 'b/c.yml']);
  assert.deepEqual(listedPaths('a b.json\0c\nd.yml\0'), ['a b.json', 'c\nd.yml']);
  assert.deepEqual(listedPaths(''), []);
});

/** A package with a data stream, beside a loose folder. */
function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'fieldwise-shards-'));
  const file = (path: string, text: string): void => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  file('packages/web/manifest.yml', 'format_version: 3.0.0\nname: web\ntype: integration\n');
  file('packages/web/changelog.yml', '- version: 1.0.0\n');
  file('packages/web/data_stream/access/manifest.yml', 'title: Access\ntype: logs\n');
  file('packages/web/data_stream/access/sample_event.json', '{}');
  file('packages/web/data_stream/access/fields/fields.yml', '- name: a\n  type: keyword\n');
  file('packages/db/manifest.yml', 'name: db\ntype: input\n');
  file('packages/db/data_stream/log/sample_event.json', '{}');
  file('packages/notapackage/manifest.yml', 'type: [broken\n');
  file('packages/notapackage/x.json', '{}');
  file('loose/a.json', '{}');
  file('loose/b.json', '{}');
  return root;
}

test('the packages on disk: the nearest manifest of type integration or input; data_stream/<name>/ below it', (t) => {
  const root = tree();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const packages = new PackageFolders();
  assert.deepEqual(packages.placeOf(join(root, 'packages/web/data_stream/access/fields/fields.yml')), {
    root: join(root, 'packages/web'), dataStream: join(root, 'packages/web/data_stream/access'),
  });
  assert.deepEqual(packages.placeOf(join(root, 'packages/web/data_stream/access/manifest.yml'))?.dataStream, join(root, 'packages/web/data_stream/access'));
  assert.deepEqual(packages.placeOf(join(root, 'packages/web/changelog.yml')), { root: join(root, 'packages/web'), dataStream: undefined });
  assert.equal(packages.placeOf(join(root, 'packages/db/data_stream/log/sample_event.json'))?.root, join(root, 'packages/db'));
  assert.equal(packages.placeOf(join(root, 'packages/notapackage/x.json')), undefined, 'a manifest that does not parse makes no package');
  assert.equal(packages.placeOf(join(root, 'loose/a.json')), undefined);
});

test('selectFiles: the shares of a tree keep each package whole, and together list the unsharded run\'s files in its order', (t) => {
  const root = tree();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const select = (shard?: { index: number; total: number }): string[] =>
    selectFiles({ paths: ['.'], listed: [], shard, consoleGlobs: [] }, root).files.map((f) => f.uriPath);
  const all = select();
  assert.equal(all.length, 11, all.join(', '));
  assert.equal(new Set(all).size, all.length, 'every file once');
  assert.deepEqual(all.slice(0, 2), ['loose/a.json', 'loose/b.json'], 'in path order');
  for (const total of [2, 3, 4]) {
    const shares = Array.from({ length: total }, (_, k) => select({ index: k + 1, total }));
    assert.deepEqual(shares.flat().sort(), [...all].sort(), `${total} shares`);
    for (const pkg of ['packages/web/', 'packages/db/']) {
      assert.equal(shares.filter((share) => share.some((f) => f.startsWith(pkg))).length, 1, `${pkg} in one of ${total} shares`);
    }
    for (const share of shares) assert.deepEqual(share, all.filter((f) => share.includes(f)), 'each share in the run\'s order');
  }
});
