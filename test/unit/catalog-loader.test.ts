// The loader's answer to broken and custom definition files: every problem names file, line and path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { DefinitionError, DefinitionProblem, loadCatalog } from '../../server/src/catalog';

const FIXTURES = resolve(__dirname, '../fixtures/definitions');
const fixture = (name: string): string => join(FIXTURES, name);

function problemsOf(definitions: string[], cwd = FIXTURES): DefinitionProblem[] {
  try {
    loadCatalog({ definitions, cwd });
  } catch (error) {
    assert.ok(error instanceof DefinitionError, `expected a DefinitionError, got ${String(error)}`);
    return error.problems;
  }
  assert.fail(`loading ${definitions.join(', ')} should have failed`);
}

interface Expected { file: string; line: number; path: string; message: RegExp }

/** Loads one broken file and expects exactly these problems, each with its file, line and path in the message. */
function check(definition: string, expected: Expected[]): void {
  const problems = problemsOf([definition]);
  assert.equal(problems.length, expected.length, `problems: ${JSON.stringify(problems, null, 2)}`);
  expected.forEach((want, i) => {
    const got = problems[i];
    assert.equal(got.file, fixture(want.file));
    assert.equal(got.line, want.line);
    assert.equal(got.path, want.path);
    assert.match(got.message, want.message);
    const text = new DefinitionError([got]).message;
    assert.ok(text.startsWith(`${fixture(want.file)}:${want.line}: ${want.path || '/'}: `), text);
  });
}

const cases: Array<{ name: string; definition: string; expected: Expected[] }> = [
  {
    name: 'a datatype the schema does not know',
    definition: 'broken/bad-type.yml',
    expected: [{ file: 'broken/bad-type.yml', line: 10, path: '/fields/1/type', message: /"money" is not one of: keyword, long/ }],
  },
  {
    name: 'a field without a level',
    definition: 'broken/missing-level.yml',
    expected: [{ file: 'broken/missing-level.yml', line: 9, path: '/fields/1', message: /missing required property 'level'/ }],
  },
  {
    name: 'a property the format does not have',
    definition: 'broken/unknown-property.yml',
    expected: [{ file: 'broken/unknown-property.yml', line: 9, path: '/fields/0/unit', message: /unknown property 'unit'/ }],
  },
  {
    name: 'a YAML syntax error',
    definition: 'broken/syntax-error.yml',
    expected: [{ file: 'broken/syntax-error.yml', line: 8, path: '', message: /YAML syntax error: Nested mappings/ }],
  },
  {
    name: 'the same field name twice in one file',
    definition: 'broken/duplicate-field.yml',
    expected: [{ file: 'broken/duplicate-field.yml', line: 13, path: '/fields/2/name', message: /duplicate field name 'order_id' \(first defined at \/fields\/0, line 5\)/ }],
  },
  {
    name: 'a reuse target that names no known set',
    definition: 'broken/unknown-reuse.yml',
    expected: [{ file: 'broken/unknown-reuse.yml', line: 6, path: '/reusedAt/0/at', message: /reuse target 'storefront\.checkout' names no known field set/ }],
  },
];

for (const c of cases) test(`broken definitions: ${c.name}`, () => check(c.definition, c.expected));

test('problems are collected across files, not cut at the first', () => {
  const problems = problemsOf(['broken/bad-type.yml', 'broken/missing-level.yml', 'broken/syntax-error.yml']);
  assert.deepEqual(problems.map((p) => [p.file, p.line]), [
    [fixture('broken/bad-type.yml'), 10],
    [fixture('broken/missing-level.yml'), 9],
    [fixture('broken/syntax-error.yml'), 8],
  ]);
});

test('a custom file redefining a schema field fails, naming both files', () => {
  const [problem, ...rest] = problemsOf(['redefine/host-ip.yml']);
  assert.equal(rest.length, 0);
  assert.equal(problem.file, fixture('redefine/host-ip.yml'));
  assert.equal(problem.line, 9);
  assert.match(problem.message, /redefines field 'host\.ip'/);
  assert.ok(problem.message.includes(join('schema', 'fieldsets', 'host.yml')), problem.message);
});

test('a custom set whose field lands on a schema path fails, naming both files', () => {
  const [problem, ...rest] = problemsOf(['redefine/root-message.yml']);
  assert.equal(rest.length, 0);
  assert.equal(problem.file, fixture('redefine/root-message.yml'));
  assert.equal(problem.line, 6);
  assert.match(problem.message, /field 'message' is already defined by field set 'base'/);
  assert.ok(problem.message.includes(join('schema', 'fieldsets', 'base.yml')), problem.message);
});

test('definitions that name nothing are problems, not silently skipped', () => {
  assert.deepEqual(problemsOf(['missing.yml', 'custom/*.yaml']).map((p) => [p.file, p.message]), [
    ['missing.yml', 'no such file or folder'],
    ['custom/*.yaml', 'pattern matches no file'],
  ]);
});

test('custom definitions merge after the built-in ones', () => {
  const builtin = loadCatalog();
  const catalog = loadCatalog({ definitions: ['custom'], cwd: FIXTURES });
  // shop: 3 fields at `shop` and again at its root alias `storefront`; host gains `rack`.
  assert.equal(builtin.customFieldCount, 0);
  assert.equal(catalog.customFieldCount, 7);
  assert.equal(catalog.fields().length, builtin.fields().length + 7);

  const total = catalog.lookup('storefront.total');
  assert.equal(total?.type, 'scaled_float');
  assert.equal(total?.scalingFactor, 100);
  assert.deepEqual(total?.origin, { fieldSet: 'shop', file: fixture('custom/shop.yml'), custom: true });
  assert.deepEqual(catalog.lookup('host.rack')?.origin, { fieldSet: 'host', file: fixture('custom/host-extra.yml'), custom: true });
  assert.equal(catalog.lookup('host.ip')?.origin.custom, false);

  const shop = catalog.fieldSets().find((s) => s.name === 'shop');
  assert.equal(shop?.custom, true);
  assert.deepEqual(shop?.placements, ['shop', 'storefront']);

  assert.deepEqual(catalog.resolve(['shop', 'payment', 'method']).kind, 'field');
  assert.deepEqual(catalog.resolve(['shop', 'payment', 'methd']), {
    kind: 'unknown', path: 'shop.payment.methd', fieldSet: shop, suggestions: ['shop.payment.method'],
  });
  assert.equal(builtin.resolve(['shop', 'payment', 'method']).kind, 'custom');

  const root = catalog.children([]).map((c) => c.name);
  assert.ok(root.includes('shop') && root.includes('storefront'));
  assert.deepEqual(catalog.children(['shop']).map((c) => [c.name, c.kind, c.level]), [
    ['order_id', 'field', 'custom'], ['payment', 'object', 'custom'], ['total', 'field', 'custom'],
  ]);
  assert.ok(catalog.children(['host']).some((c) => c.name === 'rack' && c.field?.origin.custom));
});

test('a folder, a glob and a file name the same custom definitions', () => {
  const paths = (definitions: string[]) => loadCatalog({ definitions, cwd: FIXTURES }).fields().filter((f) => f.origin.custom).map((f) => f.path);
  const fromFolder = paths(['custom']);
  assert.deepEqual(paths(['custom/*.yml']), fromFolder);
  assert.deepEqual(paths([fixture('custom/host-extra.yml'), 'custom/shop.yml']), fromFolder);
  assert.deepEqual(paths(['**/shop.yml']), fromFolder.filter((p) => p !== 'host.rack'));
});
