// Lint as a habit: `npm test` (what CI runs, .ci/run) runs `npm run lint`, ESLint over the whole repository with the
// type-aware rules of eslint.config.mjs, before the build and the tests; a branch that drops it fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

test('npm test runs npm run lint after the type check and before the build and the tests', () => {
  const steps = manifest.scripts.test.split('&&').map((step) => step.trim());
  const lint = steps.indexOf('npm run lint');
  assert.ok(lint >= 0, `npm test: ${manifest.scripts.test}`);
  assert.ok(steps.indexOf('npm run typecheck') < lint && lint < steps.indexOf('npm run build'), `npm test: ${manifest.scripts.test}`);
});

test('npm run lint runs ESLint over the whole repository, and ESLint is a development dependency only', () => {
  assert.equal(manifest.scripts.lint, 'eslint .');
  for (const name of ['eslint', '@eslint/js', 'typescript-eslint']) {
    assert.ok(manifest.devDependencies[name], `${name} in devDependencies`);
    assert.equal(manifest.dependencies?.[name], undefined, `${name} not in dependencies`);
  }
});

test('the config extends typescript-eslint\'s type-aware recommended rules', () => {
  const config = readFileSync(resolve(ROOT, 'eslint.config.mjs'), 'utf8');
  assert.match(config, /tseslint\.configs\.recommendedTypeChecked/);
  assert.match(config, /projectService: true/);
});
