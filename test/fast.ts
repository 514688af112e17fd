// `npm run test:fast [-- PATTERN... --NODE-FLAG...]`: the unit tests without a build, every selected file in one
// process (the sources compiled once, the catalog loaded once), for the edit-and-run loop. A pattern selects the test
// files whose name contains it; a pattern no file name contains selects the tests whose name matches it (a regular
// expression, as `--test-name-pattern`), in the selected files or else in every file. `npm run test:unit` runs each file in a process of its own and
// stays what CI runs: a test that passes there and fails here leaks state into the tests after it. docs/testing.md.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const UNIT_DIR = resolve(__dirname, 'unit');

/** The environment variable that hands the child process its files. */
const FILES_VARIABLE = 'FIELDWISE_FAST_FILES';

export interface Selection {
  /** The test files to load, absolute paths. */
  files: string[];
  /** Patterns of test names (`--test-name-pattern`), for the patterns no file name contains. */
  names: string[];
  /** Flags for node itself (`--test-reporter=dot`, `--test-only`). */
  flags: string[];
}

/** What the command line selects among the unit test files (`files`: their names, as in test/unit/). */
export function select(args: readonly string[], files: readonly string[]): Selection {
  const flags = args.filter((a) => a.startsWith('--'));
  const patterns = args.filter((a) => !a.startsWith('--'));
  const chosen = new Set<string>();
  const names: string[] = [];
  for (const pattern of patterns) {
    const matching = files.filter((f) => f.toLowerCase().includes(pattern.toLowerCase()));
    if (matching.length > 0) matching.forEach((f) => chosen.add(f));
    else names.push(pattern);
  }
  const byFile = chosen.size === 0 ? files : files.filter((f) => chosen.has(f));
  return { files: byFile.map((f) => join(UNIT_DIR, f)), names, flags };
}

function unitFiles(): string[] {
  return readdirSync(UNIT_DIR).filter((f) => f.endsWith('.test.ts')).sort();
}

async function child(files: readonly string[]): Promise<void> {
  for (const file of files) await import(file);
}

function main(): number {
  const { files, names, flags } = select(process.argv.slice(2), unitFiles());
  const reporter = flags.some((f) => f.startsWith('--test-reporter')) ? [] : [`--test-reporter=${join(__dirname, 'fastReporter.ts')}`];
  const result = spawnSync(process.execPath, [...process.execArgv, ...reporter, ...names.map((n) => `--test-name-pattern=${n}`), ...flags, __filename], {
    stdio: 'inherit',
    env: { ...process.env, [FILES_VARIABLE]: JSON.stringify(files) },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (require.main === module) {
  const handed = process.env[FILES_VARIABLE];
  if (handed === undefined) process.exitCode = main();
  else void child(JSON.parse(handed) as string[]);
}
