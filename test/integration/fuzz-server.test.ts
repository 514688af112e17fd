// Random typing sessions through the real server over stdio (test/fuzz/serverSession.ts), fixed seeds, one per file
// kind and seed input: no crash, no unanswered request, no error response other than RequestCancelled and
// ContentModified, no failed feature in the server's log, and every few edits the same text opened fresh gets exactly
// the diagnostics of the edited document: every one of those comparisons is made (a request of one that is cancelled
// or answered ContentModified is asked again on the settled document). Long runs: `npm run fuzz -- --edits 100000`. Needs `npm run build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FILE_KINDS, fuzzInputs } from '../fuzz/inputs';
import { keptCases, seedOf } from '../fuzz/replay';
import { runSession, SessionFigures } from '../fuzz/serverSession';

const EDITS = 40;
const COMPARE_EVERY = 5;

/** Clean, and each comparison made that `edits` edits schedule (one every COMPARE_EVERY). */
function assertClean(figures: SessionFigures, what: string, edits = EDITS): void {
  assert.equal(figures.crashed, undefined, `${what}: ${figures.crashed}`);
  assert.deepEqual(figures.hangs, [], `${what}: unanswered requests`);
  assert.deepEqual(figures.errors, [], `${what}: error responses or failed features`);
  assert.deepEqual(figures.mismatches, [], `${what}: edited and fresh diagnostics differ`);
  assert.equal(figures.edits, edits, `${what}: every edit was made`);
  assert.equal(figures.comparisons, Math.floor(edits / COMPARE_EVERY), `${what}: every edited-versus-fresh comparison made (${figures.retries} requests retried)`);
}

/** Kept failing sessions: { seed, input, edits } entries under "server sessions" in test/fuzz/regressions.json (npm run fuzz prints them). */
interface KeptSession {
  seed: number;
  /** A FuzzInput's name (test/fuzz/inputs.ts). */
  input: string;
  edits: number;
  /** Node flags for the server, e.g. a small heap for a session that once ran out of memory. */
  nodeArgs?: string[];
}

for (const kind of FILE_KINDS) {
  test(`${kind.label}: ${EDITS} random edits with requests in between, seeded`, async () => {
    // A small generated file: the session's own edits bring in the junk, and a small file keeps each step quick.
    const seed = seedOf(`server session ${kind.label}`);
    const figures = await runSession({ seed, kind, text: kind.generate(seed, 4), edits: EDITS, compareEvery: COMPARE_EVERY });
    assertClean(figures, `seed ${seed}`);
  });
}

test('the kept failing server sessions replay clean', async () => {
  const inputs = fuzzInputs();
  for (const kept of keptCases('server sessions') as KeptSession[]) {
    const input = inputs.find((i) => i.name === kept.input);
    assert.ok(input, `test/fuzz/regressions.json: no fuzz input named '${kept.input}'`);
    const figures = await runSession({ seed: kept.seed, kind: input.kind, text: input.text, edits: kept.edits, nodeArgs: kept.nodeArgs, compareEvery: COMPARE_EVERY });
    assertClean(figures, `kept seed ${kept.seed}`, kept.edits);
  }
});
