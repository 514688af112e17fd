// Finds the built-in schema/ folder from wherever the code runs: sources under tsx or the bundle in dist/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const DEFINITION_SCHEMA_FILE = 'definition.schema.json';
export const FIELDSETS_DIR = 'fieldsets';

/** Walks up from `start` until a folder holds schema/definition.schema.json; returns that schema/ folder. */
export function findSchemaDir(start: string): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'schema');
    if (existsSync(join(candidate, DEFINITION_SCHEMA_FILE))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`cannot find schema/${DEFINITION_SCHEMA_FILE} in ${start} or any folder above it`);
    }
    dir = parent;
  }
}

let cached: string | undefined;

/** The schema/ folder shipped with Fieldwise. */
export function builtinSchemaDir(): string {
  cached ??= findSchemaDir(__dirname);
  return cached;
}
