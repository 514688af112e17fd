// What the client decides without VS Code: page names from files, prompt answers, restarts after crashes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectionErrorAction, CrashPolicy, MAX_WRITE_ERRORS } from '../../client/src/crashPolicy';
import { baseRevisionProblem, pageProblem, parseBaseRevision, parseRevision, prefixProblem, revisionProblem } from '../../client/src/inputValidation';
import { pageNameFromPath } from '../../client/src/pageNames';

const pageNames: Array<[string, string, string | undefined]> = [
  ['/work/wiki/Main_Page.wiki', 'file', 'Main_Page'],
  ['/work/wiki/Café au lait.wikitext', 'file', 'Café au lait'],
  ['/work/wiki/Node.js.mediawiki', 'file', 'Node.js'],
  ['C:\\wiki\\Page.wiki', 'file', 'Page'],
  ['/work/wiki/README', 'file', 'README'],
  ['Untitled-1', 'untitled', undefined],
  ['/work/wiki/.wiki', 'file', '.wiki'],
];
for (const [file, scheme, page] of pageNames) {
  test(`page name of ${scheme}:${file} is ${page ?? 'not known'}`, () => assert.equal(pageNameFromPath(file, scheme), page));
}

test('revision answers: latest, empty, or a positive whole number', () => {
  assert.equal(parseRevision('latest'), 'latest');
  assert.equal(parseRevision(' LATEST '), 'latest');
  assert.equal(parseRevision(''), 'latest');
  assert.equal(parseRevision('101'), 101);
  for (const bad of ['0', '-1', '1.5', 'abc', '99999999999999999999']) {
    assert.equal(parseRevision(bad), undefined, bad);
    assert.match(revisionProblem(bad) ?? '', /is not a revision/);
  }
  assert.equal(parseBaseRevision(''), null);
  assert.equal(parseBaseRevision('7'), 7);
  assert.equal(parseBaseRevision('latest'), undefined);
  assert.match(baseRevisionProblem('x') ?? '', /leave it empty for none/);
});

test('page and wiki id answers are checked as the interface wants them', () => {
  assert.equal(pageProblem('AC/DC'), undefined);
  assert.match(pageProblem('a[b]') ?? '', /cannot contain/);
  assert.match(pageProblem('  ') ?? '', /empty/);
  assert.equal(prefixProblem('enwiki'), undefined);
  assert.match(prefixProblem('EnWiki') ?? '', /not a wiki id/);
});

test('crashes restart the server until too many fall within the window', () => {
  const policy = new CrashPolicy(2, 60_000);
  assert.deepEqual(policy.crashed(0), { restart: true, attempt: 1 });
  assert.deepEqual(policy.crashed(1_000), { restart: true, attempt: 2 });
  assert.deepEqual(policy.crashed(2_000), { restart: false, crashes: 3, windowMs: 60_000 });
  // Crashes older than the window no longer count: only the one at 2 s is still within it.
  assert.deepEqual(policy.crashed(61_500), { restart: true, attempt: 2 });
  policy.reset();
  assert.deepEqual(policy.crashed(62_000), { restart: true, attempt: 1 });
});

test('a dying server\'s broken pipe leaves the restart to the crash policy; only repeated failed writes shut down', () => {
  // The stream's own error (EPIPE as the server is killed mid-request) comes without a count.
  assert.equal(connectionErrorAction(undefined), 'continue');
  assert.equal(connectionErrorAction(1), 'continue');
  assert.equal(connectionErrorAction(MAX_WRITE_ERRORS), 'continue');
  assert.equal(connectionErrorAction(MAX_WRITE_ERRORS + 1), 'shutdown');
});
