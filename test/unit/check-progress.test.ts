// The progress line of `fieldwise check`, on a clock the test moves: nothing for a run under a second, then files done
// of the total and findings so far, rewritten in place on a terminal (cleared at the end for the summary), a plain
// line now and then when asked for outside one; shown on a terminal outside CI, or when asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Progress, progressShown } from '../../server/src/cli/progress';

function clocked(inPlace: boolean, total: number): { progress: Progress; written: string[]; at: (ms: number) => void } {
  let now = 0;
  const written: string[] = [];
  const progress = new Progress((text) => written.push(text), () => now, total, inPlace);
  return { progress, written, at: (ms) => { now = ms; } };
}

test('a run under a second shows nothing, not even a cleared line', () => {
  const { progress, written, at } = clocked(true, 3);
  for (const [ms, done] of [[100, 1], [500, 2], [999, 3]]) {
    at(ms);
    progress.update(done, done * 2);
  }
  progress.end();
  assert.deepEqual(written, []);
});

test('on a terminal: files done of the total and findings so far, rewritten in place, then cleared', () => {
  const { progress, written, at } = clocked(true, 20_000);
  at(1000);
  progress.update(1500, 1);
  at(1050);
  progress.update(1600, 7);
  at(1100);
  progress.update(12_345, 2_001);
  progress.end();
  assert.deepEqual(written, [
    '\rfieldwise check: 1,500 of 20,000 files, 1 finding\x1b[K',
    '\rfieldwise check: 12,345 of 20,000 files, 2,001 findings\x1b[K',
    '\r\x1b[K',
  ]);
});

test('asked for outside a terminal: a plain line now and then, nothing to clear', () => {
  const { progress, written, at } = clocked(false, 10);
  at(1000);
  progress.update(1, 0);
  at(5000);
  progress.update(5, 0);
  at(11_000);
  progress.update(9, 3);
  progress.end();
  assert.deepEqual(written, ['fieldwise check: 1 of 10 files, 0 findings\n', 'fieldwise check: 9 of 10 files, 3 findings\n']);
});

test('shown on a terminal outside CI, never in a pipe or a CI log, unless asked', () => {
  assert.equal(progressShown('auto', { stderrIsTTY: true, env: {} }), true);
  assert.equal(progressShown('auto', { stderrIsTTY: false, env: {} }), false, 'a pipe');
  assert.equal(progressShown('auto', { env: {} }), false, 'not said: not a terminal');
  assert.equal(progressShown('auto', { stderrIsTTY: true, env: { CI: 'true' } }), false, 'a CI log (GitHub, GitLab and Buildkite set CI)');
  assert.equal(progressShown('auto', { stderrIsTTY: true, env: { TERM: 'dumb' } }), false);
  assert.equal(progressShown('always', { stderrIsTTY: false, env: { CI: 'true' } }), true, '--progress');
  assert.equal(progressShown('never', { stderrIsTTY: true, env: {} }), false, '--no-progress');
});
