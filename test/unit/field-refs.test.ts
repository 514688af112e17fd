// Field references and what the schema says about them: built lazily and remembered across events, they must
// answer exactly what a fresh, eager computation answers, however a key is spelt and in whatever order events come.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog } from '../../server/src/catalog';
import type { Catalog } from '../../server/src/catalog/types';
import { parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { childPath, EventView, refOf } from '../../server/src/document/fieldRefs';
import type { DocumentFormat, ValueNode } from '../../server/src/document/model';
import { classifyRefs } from '../../server/src/features/names/refInfo';

const EVENTS = [
  '{"source": {"geo": {"city_name": "Osaka", "location": {"lat": 1, "lon": 2}}}, "labels": {"env": "prod"}}',
  '{"source.geo.city_name": "Osaka", "source.geo.location.lat": 1, "host": {"os.name": "Debian"}}',
  // The same joined path, once nested below an unknown key and once in one dotted key: different verdicts.
  '{"source": {"gep": {"city_name": "x"}}}',
  '{"source.gep.city_name": "x"}',
  '{"event": {"kind.x": 1, "category": [{"a": {"b": 1}}]}, "related": {"ip": ["1.2.3.4"]}, "myapp": {"Name": 1}}',
  '{"geo": {"city_name": "x"}, "file": {"hash": {"SHA256": "ab"}}, "user_agent": {"original": "x"}}',
  '{"ecs.version": "8.0.0", "process": {"pid": 1, "parent.pid": 2}, "a.b": {"c.d": {"e": 1}}}',
];

/** The path of every key, walked independently of FieldRef: prefix then the key's own names. */
function expectedPaths(node: ValueNode | undefined, prefix: string[] = [], out: string[][] = []): string[][] {
  if (node?.kind === 'object') {
    for (const p of node.properties) {
      const path = [...prefix, ...p.key.split('.')];
      out.push(path);
      expectedPaths(p.value, path, out);
    }
  } else if (node?.kind === 'array') {
    for (const item of node.items) expectedPaths(item, prefix, out);
  }
  return out;
}

for (const format of ['json', 'yaml'] as const satisfies readonly DocumentFormat[]) {
  test(`every key's path, depth, names and joined path agree with a plain walk (${format})`, () => {
    const text = format === 'json' ? `[${EVENTS.join(',')}]` : EVENTS.map((e) => `---\n${e}\n`).join('');
    for (const event of parseEventDocument(text, format).events) {
      const view = new EventView(event);
      const expected = expectedPaths(event.root);
      assert.equal(view.refs.length, expected.length);
      view.refs.forEach((ref, i) => {
        const path = expected[i];
        // Names and depth first: they must not need the path array to be right.
        assert.equal(ref.depth, path.length, path.join('.'));
        path.forEach((name, at) => assert.equal(ref.nameAt(at), name, `${path.join('.')} [${at}]`));
        assert.equal(ref.lastName, path[path.length - 1]);
        assert.equal(ref.joinedPath, path.join('.'));
        assert.deepEqual(ref.path, path);
        if (ref.parent) assert.equal(childPath(ref.parent.joinedPath, ref.property.key), ref.joinedPath);
        assert.ok(view.all(ref.joinedPath).includes(ref), `${ref.joinedPath} is indexed`);
        // A reference built outside the view, from an explicit prefix, names the same path.
        const outside = refOf(ref.property, path.slice(0, ref.first), undefined);
        assert.deepEqual([outside.path, outside.joinedPath, outside.depth, outside.first], [path, ref.joinedPath, ref.depth, ref.first]);
      });
    }
  });
}

/** What a classification says, as plain data (identity-free), per key in document order. */
function verdicts(catalog: Catalog, texts: readonly string[]): unknown[][] {
  return texts.map((text) => {
    const view = new EventView(parseEventDocument(text, 'json').events[0]);
    return classifyRefs(view.refs, catalog).map((info) => ({
      path: info.path, status: info.status, at: info.at, field: info.field?.path, leaf: info.leaf?.path, open: info.openOwner,
      placement: info.placement, resolution: info.resolution?.kind, walked: info.place !== undefined,
      deprecated: info.deprecated && { ...info.deprecated }, beta: info.beta && { ...info.beta }, parent: info.parent?.path,
    }));
  });
}

test('remembered verdicts answer as a fresh catalog does, whichever spelling of a path came first', () => {
  const once = loadCatalog();
  const first = verdicts(once, EVENTS);
  // The same events again (every verdict remembered), and in reverse order on a catalog of its own.
  assert.deepEqual(verdicts(once, EVENTS), first);
  assert.deepEqual(verdicts(loadCatalog(), [...EVENTS].reverse()).reverse(), first);
  const nested = first[2].find((v) => (v as { path: string }).path === 'source.gep.city_name');
  const dotted = first[3].find((v) => (v as { path: string }).path === 'source.gep.city_name');
  assert.deepEqual([(nested as { status: string }).status, (dotted as { status: string }).status], ['belowProblem', 'unknown']);
});
