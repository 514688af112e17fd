// The annotated fixtures (test/fixtures/annotated/, format in docs/testing.md): each file is checked as `fieldwise
// check` checks it and the server must report exactly what its marks say. Every diagnostic code and every kind has at
// least one fixture, so a new kind's new codes fail here until they get one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { checkCommand } from '../../server/src/cli/commands/check';
import { kinds } from '../../server/src/kinds/registry';
import { LanguageService } from '../../server/src/service/languageService';
import {
  ANNOTATED_ROOT, annotatedFixtures, assertAnnotated, checkAnnotated, CONSOLE, Finding, readAnnotated, UNRECOGNISED,
} from '../helpers/annotated';
import { testCatalog } from '../helpers/featureFixture';

const REPO = resolve(__dirname, '../..');
const fixtures = annotatedFixtures();

for (const path of fixtures) {
  test(`annotated fixture ${path}`, () => assertAnnotated(path));
}

/** Codes whose case cannot be a file in test/fixtures/annotated/: why, and the test that covers them instead. */
const OTHER_FORMS: Readonly<Record<string, { why: string; test: string }>> = {
  'not-analysed': { why: 'it needs one event longer than MAX_EVENT_CHARS, too big a file to commit', test: 'test/unit/not-analysed.test.ts' },
  'unmapped-field': { why: 'it reads across files: a package around the file (manifest, field files) and the workspace index', test: 'test/integration/lsp-unmapped-fields.test.ts' },
  'unwritten-field': { why: 'it reads across files (the data stream\'s pipelines and events), and is off unless its severity is set', test: 'test/integration/lsp-unmapped-fields.test.ts' },
};

function read(path: string) {
  return readAnnotated(path, readFileSync(join(ANNOTATED_ROOT, path), 'utf8'));
}

test('every diagnostic code has an annotated fixture, or names the test that covers it in another form', () => {
  const codes = new LanguageService(testCatalog()).rules().map((r) => r.code);
  const marked = new Map<string, string[]>();
  for (const path of fixtures) for (const mark of read(path).marks) marked.set(mark.code, [...(marked.get(mark.code) ?? []), path]);
  const missing = codes.filter((code) => !marked.has(code) && !(code in OTHER_FORMS));
  assert.deepEqual(missing, [], 'write a fixture under test/fixtures/annotated/<kind>/ that shows each of these codes (docs/testing.md)');
  assert.deepEqual([...marked.keys()].filter((code) => !codes.includes(code)), [], 'marks of codes no kind reports');
  for (const [code, other] of Object.entries(OTHER_FORMS)) {
    assert.ok(codes.includes(code), `OTHER_FORMS names '${code}', which no kind reports any more`);
    assert.ok(!marked.has(code), `'${code}' has a fixture now (${marked.get(code)?.join(', ')}): take it out of OTHER_FORMS`);
    const file = join(REPO, other.test);
    assert.ok(existsSync(file) && readFileSync(file, 'utf8').includes(code), `${other.test} should test '${code}' (${other.why})`);
  }
});

test('every kind, console text and a file no kind reads have annotated fixtures, each in its own folder', () => {
  const folders = new Set(fixtures.map((path) => path.split('/')[0]));
  const expected = [...kinds.map((k) => k.name), CONSOLE, UNRECOGNISED];
  assert.deepEqual(expected.filter((name) => !folders.has(name)), [], 'folders without fixtures');
  assert.deepEqual([...folders].filter((name) => !expected.includes(name)), [], 'folders that name no kind');
});

test('fieldwise check reports what the fixtures are checked against, file by file', async () => {
  // The helper reads a file as check.ts does; the command itself, run over the fixtures' texts, must agree with it.
  const work = mkdtempSync(join(tmpdir(), 'fieldwise-annotated-'));
  try {
    const expected = new Map<string, Finding[]>();
    for (const path of fixtures) {
      const { text } = read(path);
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), text);
      expected.set(path, checkAnnotated(path, text).findings);
    }
    let out = '';
    const io = { stdout: (t: string) => void (out += t), stderr: () => undefined, readStdin: async () => '', cwd: work, env: {} };
    await checkCommand.run(['--format', 'json', '.'], io);
    const rows = JSON.parse(out) as Array<Finding & { file: string }>;
    for (const path of fixtures) {
      const reported = rows.filter((r) => r.file === path).map(({ range, severity, code, message }) => ({ range, severity, code, message }));
      assert.deepEqual(reported, expected.get(path), path);
    }
    assert.deepEqual(rows.filter((r) => !expected.has(r.file)).map((r) => r.file), [], 'files fieldwise check found beside the fixtures');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
