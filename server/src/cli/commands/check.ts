// `fieldwise check`: the editor's diagnostics over files, folders and globs, for CI: on every core (--jobs), a share of
// the files for one job of a CI matrix (--shard), in the report each CI reads (--format). Exit 2 for bad usage or an
// unreadable file, else 1 for any error or more warnings than --max-warnings, else 0.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Catalog, DefinitionError, loadCatalog, workspaceDefinitions } from '../../catalog';
import { kinds } from '../../service/detect';
import { allRules } from '../../service/languageService';
import { PROJECT_CONFIG, readProjectConfig } from '../../service/projectConfig';
import { FieldwiseSettings, projectSettings } from '../../service/settings';
import { checkOnWorkers, describe, SizedUnit, WorkerSetup } from '../checkPool';
import { Checker, checkingService, checkUnit, CheckUnit, FileOutcome, FileTask } from '../fileCheck';
import { listedPaths, selectFiles, SelectedFile } from '../fileSelection';
import { CliError, CliIO, Command, EXIT, UsageError } from '../io';
import { Progress, ProgressMode, progressShown } from '../progress';
import { parseShard, Shard, shardName } from '../shards';
import type { CheckedFile, Tally } from '../formats/checkReport';
import { renderCheckGithub } from '../formats/checkGithub';
import { renderCheckGitlab } from '../formats/checkGitlab';
import { CheckJsonWriter, renderCheckJson } from '../formats/checkJson';
import { renderCheckJunit } from '../formats/checkJunit';
import { renderCheckSarif } from '../formats/checkSarif';
import { renderCheckText } from '../formats/checkText';

const VERSION = '0.1.0';

const FORMATS = ['text', 'json', 'sarif', 'github', 'gitlab', 'junit'] as const;
type Format = (typeof FORMATS)[number];

/**
 * Below this many bytes in all, a run without --jobs checks on the main thread: a worker thread's start (its own
 * catalog and a cold JIT) costs more than it saves (measured: docs/performance.md, "fieldwise check on every core").
 */
export const PARALLEL_MIN_BYTES = 32_000_000;

const USAGE = [
  'usage: fieldwise check [options] PATHS...',
  '',
  `Checks ${kinds.map((k) => `${k.noun}s`).join(', ')} with the same diagnostics as the editor.`,
  'Each file is read as the kind it is recognised as: by its path (the fieldwise.files.* globs), then by its content.',
  'PATHS are files, folders and globs (expanded to the JSON, NDJSON, YAML and .conf files and the console files (.http,',
  '.es, .console), skipping node_modules and dot folders), or - for standard input. A file without an extension is read',
  'by its content. A file that is none of the kinds is reported once as not recognised (information,',
  'file-not-recognised), which does not change the exit status. Files are reported in path order.',
  'A file inside an integration package (a folder above it holds a manifest.yml of type integration or input) is',
  'checked against the whole package, which is read for it: a field its data stream writes or carries that the',
  'package does not declare is unmapped-field (warning); docs/workspace.md.',
  '',
  'options:',
  '  --format FORMAT      text (default): file:line:col severity code message, 1-based',
  '                       json: one array of {file, range, severity, code, message}, 0-based UTF-16 positions',
  '                       sarif: a SARIF 2.1.0 log for code scanning (fingerprints; a shard names itself)',
  '                       github: GitHub Actions annotations (::error file=...,line=...::message)',
  '                       gitlab: a GitLab Code Quality report (artifacts:reports:codequality)',
  '                       junit: JUnit XML, one test case per file (errors fail it)',
  '  --output FILE        write the report to FILE instead of standard output (FILE itself is never checked)',
  '  --max-warnings N     exit 1 when more than N warnings are found (default: no limit)',
  `  --kind KIND          read every file as this kind: ${kinds.map((k) => k.cliName).join(', ')}`,
  '  --definitions PATH   custom definitions: a file, a folder or a glob; repeatable.',
  `                       Default: the project configuration's schema.definitions, else .fieldwise/*.yml`,
  `  --config FILE        the project configuration (default: ${PROJECT_CONFIG} when there): globs,`,
  '                       codes switched off, severities, dotted keys, definitions, as the editor reads them',
  '  --jobs N             check on N worker threads (default: one per core; one thread for a small run)',
  '  --shard K/N          check share K of N (from 1) for one job of a CI matrix: a package\'s files stay together',
  '  --shard auto         the share the CI says (CI_NODE_INDEX/CI_NODE_TOTAL, BUILDKITE_PARALLEL_JOB/_COUNT)',
  '  --files-from FILE    check the paths listed in FILE (one per line, or NUL-separated; - for standard input)',
  '  --changed-since REF  only files git says changed since REF (from the merge base, uncommitted and untracked',
  '                       files too), with the rest of each changed data stream of an integration package',
  '  --progress           show progress on standard error even outside a terminal (default: on a terminal only)',
  '  --no-progress        never show progress',
  '',
  'exit status: 0 clean, 1 errors (or too many warnings), 2 bad usage or a file that cannot be read.',
  'Information and hints never change the exit status. With --format text the summary goes to standard error.',
].join('\n');

export interface CheckOptions {
  format: Format;
  /** Where the report goes instead of standard output. */
  output?: string;
  maxWarnings?: number;
  /** The kind every file is read as (`--kind`), by its command-line name. */
  kind?: string;
  definitions: string[];
  config?: string;
  jobs?: number;
  shard?: Shard;
  filesFrom?: string;
  changedSince?: string;
  progress: ProgressMode;
  paths: string[];
}

export function parseCheckArgs(args: string[], env: NodeJS.ProcessEnv = {}): CheckOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        format: { type: 'string', default: 'text' },
        output: { type: 'string', short: 'o' },
        'max-warnings': { type: 'string' },
        definitions: { type: 'string', multiple: true, default: [] },
        kind: { type: 'string' },
        config: { type: 'string' },
        jobs: { type: 'string' },
        shard: { type: 'string' },
        'files-from': { type: 'string' },
        'changed-since': { type: 'string' },
        progress: { type: 'boolean' },
        'no-progress': { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0], USAGE);
  }
  const { values } = parsed;
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`unknown format '${values.format}'; expected one of: ${FORMATS.join(', ')}`, USAGE);
  const limit = values['max-warnings'];
  if (limit !== undefined && !/^\d+$/.test(limit)) throw new UsageError(`--max-warnings takes a whole number, not '${limit}'`, USAGE);
  const kind = values.kind;
  if (kind !== undefined && !kinds.some((k) => k.cliName === kind)) {
    throw new UsageError(`unknown kind '${kind}'; expected one of: ${kinds.map((k) => k.cliName).join(', ')}`, USAGE);
  }
  const jobs = values.jobs;
  if (jobs !== undefined && !/^[1-9]\d*$/.test(jobs)) throw new UsageError(`--jobs takes a whole number of threads, at least 1, not '${jobs}'`, USAGE);
  if (values.progress && values['no-progress']) throw new UsageError('--progress and --no-progress say opposite things; give one', USAGE);
  const filesFrom = values['files-from'];
  if (filesFrom === '-' && parsed.positionals.includes('-')) throw new UsageError('--files-from - reads the list from standard input, so - cannot also be a file to check', USAGE);
  const changedSince = values['changed-since'];
  if (changedSince !== undefined && (changedSince === '' || changedSince.startsWith('-'))) throw new UsageError(`--changed-since takes a git ref (a branch, tag or commit), not '${changedSince}'`, USAGE);
  // --changed-since alone checks what changed below the current folder.
  const paths = parsed.positionals.length === 0 && changedSince !== undefined && filesFrom === undefined ? ['.'] : parsed.positionals;
  if (paths.length === 0 && filesFrom === undefined) throw new UsageError('name at least one file, folder or glob to check (or --files-from FILE)', USAGE);
  if (values.output === '') throw new UsageError('--output takes a file name', USAGE);
  return {
    format,
    output: values.output,
    maxWarnings: limit === undefined ? undefined : Number(limit),
    kind,
    definitions: values.definitions,
    config: values.config,
    jobs: jobs === undefined ? undefined : Number(jobs),
    shard: values.shard === undefined ? undefined : parseShard(values.shard, env, USAGE),
    filesFrom,
    changedSince,
    progress: values.progress ? 'always' : values['no-progress'] ? 'never' : 'auto',
    paths,
  };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'check event documents, pipelines and mappings (files, folders, globs; on every core, or a CI shard\'s share) and report diagnostics as text, JSON, SARIF, GitHub annotations, GitLab Code Quality or JUnit XML',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const now = io.now ?? (() => performance.now());
    const started = now();
    const options = parseCheckArgs(args, io.env);
    const { settings, definitions } = projectOf(options, io);
    const listed = options.filesFrom === undefined ? [] : listedPaths(await readList(options.filesFrom, io));
    const output = options.output === undefined ? undefined : resolve(io.cwd, options.output);
    const selection = selectFiles({
      paths: options.paths, listed, changedSince: options.changedSince, shard: options.shard, consoleGlobs: settings.files.console ?? [], skip: output,
    }, io.cwd);
    const unreadable = selection.missing.map((arg) => `${arg}: no such file or folder, and no file matches it as a glob`);
    const units = await unitsOf(selection.files, io);
    const checked: Array<CheckedFile | undefined> = new Array<CheckedFile | undefined>(selection.files.length);
    const settled = new Uint8Array(selection.files.length);
    const progress = progressShown(options.progress, io) ? new Progress(io.stderr, now, selection.files.length, io.stderrIsTTY === true) : undefined;
    // A report on standard output is written file by file as the files' checks are done, in the files' order, so that
    // a run keeps no file's findings after they are written (a first run over a large repository has many); the formats
    // whose one document summarises all findings (SARIF's rules, GitLab's, JUnit's counts) are written at the end.
    const streamed = output === undefined ? streamedReport(options) : undefined;
    let written = 0;
    const count: Tally = { error: 0, warning: 0, information: 0, hint: 0 };
    const met: FilesMet = { perKind: new Map(), notRecognised: 0 };
    let done = 0;
    let findings = 0;
    const record = (outcomes: FileOutcome[]): void => {
      for (const outcome of outcomes) {
        settled[outcome.index] = 1;
        if ('unreadable' in outcome) unreadable.push(outcome.unreadable);
        else {
          const file = outcome.checked;
          checked[outcome.index] = file;
          findings += file.diagnostics.length;
          for (const d of file.diagnostics) count[d.severity]++;
          if (file.kind === undefined) met.notRecognised++;
          else met.perKind.set(file.kind, (met.perKind.get(file.kind) ?? 0) + 1);
        }
      }
      done += outcomes.length;
      if (streamed) {
        const ready: CheckedFile[] = [];
        for (; written < settled.length && settled[written] === 1; written++) {
          const file = checked[written];
          checked[written] = undefined;
          if (file) ready.push(file);
        }
        const text = streamed.files(ready);
        if (text !== '') {
          progress?.clear();
          io.stdout(text);
        }
      }
      progress?.update(done, findings);
    };
    const threads = threadsFor(selection.files, units.length, options.jobs);
    if (threads === 1) {
      const service = checkingService(loadDefinitions(definitions, io.cwd), settings);
      for (const { unit } of units) record(checkOnMainThread(service, settings, unit, options.kind, io.cwd));
    } else {
      const setup: WorkerSetup = { definitions, cwd: io.cwd, settings, kind: options.kind };
      await checkOnWorkers(units, threads, setup, record);
    }
    progress?.end();
    if (streamed) {
      const text = streamed.end();
      if (text !== '') io.stdout(text);
    } else {
      const text = render(options, checked.filter((f): f is CheckedFile => f !== undefined));
      if (output === undefined) io.stdout(text);
      else writeReport(output, text);
    }
    for (const problem of unreadable) io.stderr(`fieldwise check: ${problem}\n`);
    if (options.format === 'text') io.stderr(summary(met, count, now() - started));
    if (unreadable.length > 0) return EXIT.usage;
    if (count.error > 0 || (options.maxWarnings !== undefined && count.warning > options.maxWarnings)) return EXIT.failure;
    return EXIT.ok;
  },
};

/** The settings and definitions the run uses: the project configuration's over the defaults; --definitions over both. */
function projectOf(options: CheckOptions, io: CliIO): { settings: FieldwiseSettings; definitions: string[] } {
  const load = readProjectConfig(io.cwd, options.config);
  if (!load.ok) throw new CliError(load.message, EXIT.usage);
  const settings = projectSettings(load.config);
  const fromProject = load.config?.schema?.definitions;
  const definitions = options.definitions.length > 0 ? options.definitions : fromProject ?? workspaceDefinitions(io.cwd);
  return { settings, definitions };
}

function writeReport(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new CliError(`--output ${file}: cannot write: ${(error as Error).message}`, EXIT.usage);
  }
}

async function readList(source: string, io: CliIO): Promise<string> {
  if (source === '-') return io.readStdin();
  try {
    return readFileSync(resolve(io.cwd, source), 'utf8');
  } catch (error) {
    throw new CliError(`--files-from ${source}: cannot read: ${(error as Error).message}`, EXIT.usage);
  }
}

/** The run's units in report order of their first file: each package's files together, any other file alone. */
async function unitsOf(files: readonly SelectedFile[], io: CliIO): Promise<SizedUnit[]> {
  const units: SizedUnit[] = [];
  const byPackage = new Map<string, SizedUnit>();
  for (const [index, { candidate, uriPath, bytes, packageRoot }] of files.entries()) {
    const task: FileTask = { index, path: candidate.path, display: candidate.display, uriPath, globPath: candidate.globPath };
    if (candidate.path === '-') task.text = await io.readStdin();
    let unit = packageRoot === undefined ? undefined : byPackage.get(packageRoot);
    if (!unit) {
      unit = { unit: { packageRoot, tasks: [] }, bytes: 0 };
      units.push(unit);
      if (packageRoot !== undefined) byPackage.set(packageRoot, unit);
    }
    unit.unit.tasks.push(task);
    unit.bytes += bytes;
  }
  return units;
}

/** --jobs as given (never more threads than units); without it, one per core unless the run is too small to gain. */
function threadsFor(files: readonly SelectedFile[], units: number, requested: number | undefined): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, units));
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  if (bytes < PARALLEL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(availableParallelism(), units));
}

function checkOnMainThread(service: Checker, settings: FieldwiseSettings, unit: CheckUnit, kind: string | undefined, cwd: string): FileOutcome[] {
  try {
    return checkUnit(service, settings, unit, kind, cwd);
  } catch (error) {
    const failure = new Error(`checking ${describe(unit)} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof Error) failure.stack = `${failure.message}\n${error.stack ?? ''}`;
    throw failure;
  }
}

function loadDefinitions(definitions: string[], cwd: string): Catalog {
  try {
    return loadCatalog({ definitions, cwd });
  } catch (error) {
    // Bad definitions are bad input to the command, not findings in the documents: exit 2, never 1.
    if (error instanceof DefinitionError) throw new CliError(`invalid field definitions:\n${error.message}`, EXIT.usage);
    throw error;
  }
}

function render(options: CheckOptions, files: readonly CheckedFile[]): string {
  const shard = options.shard === undefined ? undefined : shardName(options.shard);
  switch (options.format) {
    case 'json': return renderCheckJson(files);
    case 'sarif': return renderCheckSarif(files, allRules(), VERSION, shard);
    case 'github': return renderCheckGithub(files);
    case 'gitlab': return renderCheckGitlab(files);
    case 'junit': return renderCheckJunit(files, shard === undefined ? 'fieldwise check' : `fieldwise check (${shard})`);
    case 'text': return renderCheckText(files);
  }
}

/** A report written in pieces: each call's text follows the last's; joined, they are `render`'s text. */
interface StreamedReport {
  files(files: readonly CheckedFile[]): string;
  end(): string;
}

function streamedReport(options: CheckOptions): StreamedReport | undefined {
  switch (options.format) {
    case 'text': return { files: renderCheckText, end: () => '' };
    case 'github': return { files: renderCheckGithub, end: () => '' };
    case 'json': return new CheckJsonWriter();
    default: return undefined;
  }
}

/** The files a run checked, by the kind they were read as (its CLI name). */
interface FilesMet {
  perKind: Map<string, number>;
  notRecognised: number;
}

function summary({ perKind, notRecognised }: FilesMet, count: Tally, ms: number): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  // A kind is counted when the run met it; a run that met no file says so.
  const parts = kinds
    .filter((kind) => (perKind.get(kind.cliName) ?? 0) > 0)
    .map((kind) => plural(perKind.get(kind.cliName) ?? 0, kind.noun));
  if (notRecognised > 0) parts.push(plural(notRecognised, 'file') + ' not recognised');
  if (parts.length === 0) parts.push('0 files');
  const what = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  const seconds = ms / 1000;
  const took = seconds < 10 ? seconds.toFixed(2) : seconds.toFixed(1);
  return `fieldwise check: ${what} checked: ${plural(count.error, 'error')}, ${plural(count.warning, 'warning')}, ${count.information} information, ${plural(count.hint, 'hint')} in ${took} s\n`;
}
