// One test per broken data file of schema/: a copy of the built-in schema/ folder with one edit to the file, loaded,
// and the problem expected at a JSON pointer, with the file and its line.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefinitionError, builtinSchemaDir } from '../../server/src/catalog';

export interface BrokenDataCase {
  name: string;
  /** Changes the file's text; an edit that changes nothing fails the test (the data it aimed at moved). */
  edit: (text: string) => string;
  path: string;
  message: RegExp;
}

/** `file` is relative to schema/; `load` reads a schema/ folder and must throw DefinitionError for each case. */
export function brokenDataTests(file: string, load: (schemaDir: string) => unknown, cases: readonly BrokenDataCase[]): void {
  const work = mkdtempSync(join(tmpdir(), 'fieldwise-data-'));
  after(() => rmSync(work, { recursive: true, force: true }));
  cases.forEach((c, index) => {
    test(`broken ${file}: ${c.name} is reported with file, line and path`, () => {
      const dir = join(work, String(index));
      cpSync(builtinSchemaDir(), dir, { recursive: true });
      const target = join(dir, file);
      const text = readFileSync(target, 'utf8');
      const edited = c.edit(text);
      assert.notEqual(edited, text, 'the edit changed nothing');
      writeFileSync(target, edited);
      const error = (() => {
        try {
          load(dir);
        } catch (caught) {
          return caught;
        }
        return assert.fail('loading should have failed');
      })();
      assert.ok(error instanceof DefinitionError, String(error));
      const problem = error.problems.find((p) => p.path === c.path);
      assert.ok(problem, `no problem at ${c.path}: ${error.message}`);
      assert.match(problem.message, c.message);
      assert.equal(problem.file, target);
      assert.ok(typeof problem.line === 'number' && problem.line > 0, `line of ${c.path}`);
    });
  });
}
