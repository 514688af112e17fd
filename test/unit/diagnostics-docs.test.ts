// docs/diagnostics.md against every registered rule: each code with its default severity and the spec sentence it
// enforces, quoted as the spec says it (read from the seed documents at test time), so docs and code cannot drift.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rules } from '../../server/src/kinds/events/eventDiagnostics';
import { BASE_CODES } from './diagnostics-fixture';

const ROOT = resolve(__dirname, '../..');
const SEEDS = resolve(ROOT, '../shared/seeds');
const docs = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');

const squash = (text: string): string => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

/** The section of the docs for one code, its block quotes joined into one line. */
function section(code: string): string {
  const start = docs.indexOf(`\n### ${code}\n`);
  assert.ok(start >= 0, `docs/diagnostics.md has no section for ${code}`);
  const end = docs.indexOf('\n### ', start + 1);
  return docs.slice(start, end < 0 ? docs.length : end);
}

function quoted(sectionText: string): string {
  return squash(sectionText.split('\n').filter((l) => l.startsWith('>')).map((l) => l.replace(/^>\s?/, '')).join(' '));
}

const seeds = squash(readdirSync(SEEDS).filter((f) => /^00[01]_.*\.txt$/.test(f)).map((f) => readFileSync(join(SEEDS, f), 'utf8')).join('\n'));

for (const rule of rules) {
  test(`docs: ${rule.code} with its severity and spec sentence`, () => {
    assert.match(docs, new RegExp(`\\| \\[\`${rule.code}\`\\]\\(#${rule.code}\\) \\| ${rule.defaultSeverity} \\|`));
    const text = section(rule.code);
    assert.ok(text.includes(`Default severity: **${rule.defaultSeverity}**`), `${rule.code}: severity`);
    assert.ok(quoted(text).includes(squash(rule.spec)), `${rule.code}: the docs do not quote ${JSON.stringify(rule.spec)}`);
    assert.ok(quoted(text).includes(squash(rule.specSource)), `${rule.code}: the docs do not name ${rule.specSource}`);
  });

  test(`spec: the sentence behind ${rule.code} is the spec's own`, () => {
    if (rule.spec.startsWith('Limits: ')) {
      // The Limits table, row by row: each subject with its bound.
      for (const item of rule.spec.slice('Limits: '.length).replace(/\.$/, '').split('; ')) {
        const [subject, ...bound] = item.split(' ');
        assert.ok(seeds.includes(`| ${subject} | ${bound.join(' ')} |`), item);
      }
      return;
    }
    // Sentences, or table cells joined with ". ": each (without its closing period) is in the spec as written.
    for (const piece of rule.spec.split(/(?<=\.)\s+(?=[A-Z`a-z0-9])/)) {
      assert.ok(seeds.includes(squash(piece).replace(/\.$/, '')), `not in the spec: ${piece}`);
    }
  });
}

test('every code is registered once, in kebab case', () => {
  const codes = rules.map((r) => r.code);
  assert.deepEqual(codes.filter((code, i) => codes.indexOf(code) !== i), []);
  for (const code of codes) assert.match(code, /^[a-z]+(?:-[a-z]+)*$/);
});

test('every base code has a rule', () => {
  assert.deepEqual(BASE_CODES.filter((code) => !rules.some((r) => r.code === code)), []);
});
