// docs/performance.md stays a page a user and a maintainer read in ten minutes (issue 22): how to run the bench,
// today's figures and the design decisions with their evidence; the run-by-run history lives in the git log. The
// other docs' links into it must land on one of its headings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const DOCS = resolve(__dirname, '../../docs');
const MAX_LINES = 400;
const page = readFileSync(join(DOCS, 'performance.md'), 'utf8');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped but `-` and `_`, spaces to `-`. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

test(`docs/performance.md has at most ${MAX_LINES} lines`, () => {
  const lines = page.split('\n').length - (page.endsWith('\n') ? 1 : 0);
  assert.ok(lines <= MAX_LINES, `docs/performance.md has ${lines} lines; the history of runs belongs in the git log`);
});

test('docs/performance.md has its three parts: running the bench, today\'s figures, the design decisions', () => {
  const headings = [...page.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.ok(headings.includes('Running the bench'), headings.join(', '));
  assert.ok(headings.includes("Today's figures"), headings.join(', '));
  assert.ok(headings.includes('Design decisions and their evidence'), headings.join(', '));
});

test('the anchor of a heading is made as GitHub makes it', () => {
  assert.equal(anchorOf("V8's helper threads (2026-11-26, session 8)"), 'v8s-helper-threads-2026-11-26-session-8');
  assert.equal(anchorOf('Long sessions and large inputs'), 'long-sessions-and-large-inputs');
});

test("every link from docs/ into docs/performance.md lands on one of its headings", () => {
  const anchors = new Set([...page.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
  const broken: string[] = [];
  for (const name of readdirSync(DOCS).filter((n) => n.endsWith('.md'))) {
    const text = readFileSync(join(DOCS, name), 'utf8');
    for (const m of text.matchAll(/\]\((?:\.\/)?performance\.md#([^)\s]+)\)/g)) {
      if (!anchors.has(m[1])) broken.push(`docs/${name}: performance.md#${m[1]}`);
    }
  }
  for (const m of page.matchAll(/\]\(#([^)\s]+)\)/g)) if (!anchors.has(m[1])) broken.push(`docs/performance.md: #${m[1]}`);
  assert.deepEqual(broken, []);
});
