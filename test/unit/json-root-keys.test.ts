// The root keys of a JSON text, read without a tree (document/syntaxes/json/rootKeys.ts): recognition asks them of
// every JSON file it meets, so they must be those of the parsed object, in order, whatever the values below hold
// (strings with escapes, brackets and slashes inside strings, nesting, any indentation), and stop at broken text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { forEachRootKey } from '../../server/src/document/syntaxes/json/rootKeys';

function rootKeys(text: string): Array<[string, boolean]> {
  const keys: Array<[string, boolean]> = [];
  forEachRootKey(text, (key, objectValue) => {
    keys.push([key, objectValue]);
  });
  return keys;
}

const tricky = fc.constantFrom('a"b', 'x\\', '{[', ']}', '/* no comment */', '// nor this', 'line\nbreak', 'tab\t', '\\"', 'é😀', ',');
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.string(), tricky, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.oneof(fc.string(), tricky), tie('node'), { maxKeys: 4 })),
})).node;

test('the keys of the parsed object, in order, with whether each value is an object', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.oneof(fc.string(), tricky), value, { maxKeys: 6 }), fc.constantFrom(undefined, 2, '\t'), (object, indent) => {
      const text = JSON.stringify(object, null, indent);
      const expected = Object.keys(object).map((k): [string, boolean] => {
        const v: unknown = object[k];
        return [k, typeof v === 'object' && v !== null && !Array.isArray(v)];
      });
      assert.deepEqual(rootKeys(text), expected);
    }),
    { numRuns: 300 },
  );
});

test('reading stops at the first thing that is not JSON; the keys before it stand', () => {
  assert.deepEqual(rootKeys('{"a": "open string\n, "b": 1}'), [['a', false]]);
  assert.deepEqual(rootKeys('{"a": {"x": "}"}, "b": [1, "]"], "c" 1}'), [['a', true], ['b', false]]);
  assert.deepEqual(rootKeys('{"a": 1, "b": {"unclosed": [1, 2'), [['a', false], ['b', true]]);
  assert.deepEqual(rootKeys('[{"a": 1}]'), []);
  assert.deepEqual(rootKeys('{\n  // a comment\n  "a": /* here too */ 1,\n  "b\\u0041": 2\n}'), [['a', false], ['bA', false]]);
});
