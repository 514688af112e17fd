// The README's tables of commands, diagnostic codes and settings come from their sources; this fails when
// one of them changed and `npm run docs` was not run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReadme } from '../../scripts/readme';
import { rules } from '../../server/src/kinds/events/rules';

const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

test('the README is up to date with the commands, rules and settings (run npm run docs)', () => {
  assert.equal(readme, renderReadme(readme));
});

test('the README lists every diagnostic code with its severity and spec sentence', () => {
  for (const rule of rules) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${rule.code}\` |`));
    assert.ok(row, `${rule.code} is missing from the README`);
    assert.ok(row.includes(`| ${rule.defaultSeverity} |`), `${rule.code}: severity`);
    assert.ok(row.includes(rule.spec.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')), `${rule.code}: spec sentence`);
  }
});

test('the README starts with the set-up, test and main-job commands', () => {
  const top = readme.split('\n').slice(0, 8).join('\n');
  assert.match(top, /npm install/);
  assert.match(top, /npm test/);
  assert.match(top, /fieldwise check examples\//);
});
