// The real-world corpus (../shared/corpus beside the repository; its SOURCES.md says what each file is): the one
// policy of every test that reads it. The corpus is part of the test setup, like node_modules: a test that needs it
// fails when it is missing, saying where it looked, and never skips; a list of its files that comes out empty fails
// too, naming what it looked for, so no loop over the corpus can pass by running zero times.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

export const CORPUS = resolve(__dirname, '..', '..', '..', 'shared', 'corpus');

/** The corpus folder; fails (the test that asks) when it is not there. */
export function corpusRoot(): string {
  assert.ok(existsSync(join(CORPUS, 'SOURCES.md')),
    `the shared corpus is missing: expected it at ${CORPUS} (../shared/corpus beside the repository, with its SOURCES.md); the corpus tests need it`);
  return CORPUS;
}

/** The absolute path of a corpus file named by its path under the corpus (`elastic-ecs/...`); fails naming a missing one. */
export function corpusPath(file: string): string {
  const path = join(corpusRoot(), file);
  assert.ok(existsSync(path), `the corpus file ${file} is missing from ${CORPUS}`);
  return path;
}

/** The text of a corpus file named by its path under the corpus. */
export function readCorpus(file: string): string {
  return readFileSync(corpusPath(file), 'utf8');
}

/** Every corpus file that `select` takes, by its path under the corpus (with /), sorted; fails when there is none. */
export function corpusFiles(what: string, select: (file: string) => boolean = () => true): string[] {
  const files = filesUnder(corpusRoot(), '').filter(select).sort();
  assert.ok(files.length > 0, `the corpus at ${CORPUS} holds no ${what}`);
  return files;
}

/**
 * For tests made one per corpus file while the test file loads, where a throw would take the file's other tests
 * with it: corpusFiles' list (empty when the corpus is missing or holds none), and beside the tests it makes, one
 * test named `the corpus holds <what>` that fails then with corpusFiles' message.
 */
export function corpusCases(what: string, select: (file: string) => boolean = () => true): string[] {
  let files: string[] = [];
  let problem: Error | undefined;
  try {
    files = corpusFiles(what, select);
  } catch (error) {
    problem = error instanceof Error ? error : new Error(String(error));
  }
  test(`the corpus holds ${what}`, () => {
    if (problem !== undefined) throw problem;
  });
  return files;
}

function filesUnder(root: string, under: string): string[] {
  return readdirSync(join(root, under), { withFileTypes: true }).flatMap((entry) => {
    const file = under ? `${under}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(root, file) : entry.isFile() ? [file] : [];
  });
}
