// `fieldwise check`: the editor's diagnostics over files, folders and globs, for CI. Exit 2 for bad usage or an
// unreadable file, else 1 for any error or more warnings than --max-warnings, else 0.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Catalog, DefinitionError, loadCatalog, workspaceDefinitions } from '../../catalog';
import type { FileType, KindName } from '../../document/fileType';
import { Candidate, expandPaths, formatFromName, guessFormat, kinds } from '../../service/detect';
import { DiskFolderFiles } from '../../service/diskFolderFiles';
import { isBlank, LanguageService } from '../../service/languageService';
import { defaultSettings } from '../../service/settings';
import { indexesFile } from '../../service/workspaceIndex';
import { CliError, CliIO, Command, EXIT, UsageError } from '../io';
import { CheckedFile, locate, tally } from '../formats/checkReport';
import { renderCheckJson } from '../formats/checkJson';
import { renderCheckSarif } from '../formats/checkSarif';
import { renderCheckText } from '../formats/checkText';

const VERSION = '0.1.0';

const USAGE = [
  'usage: fieldwise check [--format text|json|sarif] [--max-warnings N] [--kind KIND] [--definitions PATH]... PATHS...',
  '',
  `Checks ${kinds.map((k) => `${k.noun}s`).join(', ')} with the same diagnostics as the editor.`,
  'Each file is read as the kind it is recognised as: by its path (the fieldwise.files.* globs), then by its content.',
  'PATHS are files, folders and globs (expanded to the JSON, NDJSON, YAML and .conf files and the console files (.http,',
  '.es, .console), skipping node_modules and dot folders), or - for standard input. A file without an extension is read',
  'by its content. A file that is none of the kinds is reported once as not recognised (information,',
  'file-not-recognised), which does not change the exit status.',
  '',
  'options:',
  '  --format FORMAT      text (default): file:line:col severity code message, 1-based',
  '                       json: one array of {file, range, severity, code, message}, 0-based UTF-16 positions',
  '                       sarif: a SARIF 2.1.0 log for code-scanning tools',
  '  --max-warnings N     exit 1 when more than N warnings are found (default: no limit)',
  `  --kind KIND          read every file as this kind: ${kinds.map((k) => k.cliName).join(', ')}`,
  '  --definitions PATH   custom definitions: a file, a folder or a glob; repeatable.',
  '                       Default: .fieldwise/*.yml when the current folder has .fieldwise/',
  '',
  'A file inside an integration package (a folder above it holds a manifest.yml of type integration or input) is',
  'checked against the whole package, which is read for it: a field its data stream writes or carries that the',
  'package does not declare is unmapped-field (warning); docs/workspace.md.',
  '',
  'exit status: 0 clean, 1 errors (or too many warnings), 2 bad usage or a file that cannot be read.',
  'Information and hints never change the exit status.',
].join('\n');

type Format = 'text' | 'json' | 'sarif';

export interface CheckOptions {
  format: Format;
  maxWarnings?: number;
  /** The kind every file is read as (`--kind`), by its command-line name. */
  kind?: string;
  definitions: string[];
  paths: string[];
}

export function parseCheckArgs(args: string[]): CheckOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        format: { type: 'string', default: 'text' },
        'max-warnings': { type: 'string' },
        definitions: { type: 'string', multiple: true, default: [] },
        kind: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0], USAGE);
  }
  const { format, definitions } = parsed.values;
  if (format !== 'text' && format !== 'json' && format !== 'sarif') throw new UsageError(`unknown format '${format}'; expected one of: text, json, sarif`, USAGE);
  const limit = parsed.values['max-warnings'];
  if (limit !== undefined && !/^\d+$/.test(limit)) throw new UsageError(`--max-warnings takes a whole number, not '${limit}'`, USAGE);
  const kind = parsed.values.kind;
  if (kind !== undefined && !kinds.some((k) => k.cliName === kind)) {
    throw new UsageError(`unknown kind '${kind}'; expected one of: ${kinds.map((k) => k.cliName).join(', ')}`, USAGE);
  }
  if (parsed.positionals.length === 0) throw new UsageError('name at least one file, folder or glob to check', USAGE);
  return { format, maxWarnings: limit === undefined ? undefined : Number(limit), kind, definitions, paths: parsed.positionals };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'check event documents, pipelines and mappings (files, folders, globs) and report diagnostics as text, JSON or SARIF',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const options = parseCheckArgs(args);
    const catalog = loadDefinitions(options, io);
    const { candidates, missing } = expandArgs(options.paths, io.cwd);
    // A file's neighbours (a Logstash pipeline's other files) are read from the disk, each found by its glob path.
    const paths = new Map(candidates.filter((c) => c.path !== '-').map((c) => [c.globPath, c.path]));
    const folder = new DiskFolderFiles((file) => paths.get(file), () => Infinity);
    const service = new LanguageService(catalog, defaultSettings, folder);
    const unreadable: string[] = [];
    const checked: CheckedFile[] = [];
    const perKind = new Map<KindName, number>();
    let notRecognised = 0;
    for (const arg of missing) unreadable.push(`${arg}: no such file or folder, and no file matches it as a glob`);
    indexPackages(candidates, service, io.cwd);
    for (const candidate of candidates) {
      let text: string;
      try {
        text = candidate.path === '-' ? await io.readStdin() : readFileSync(candidate.path, 'utf8');
      } catch (error) {
        unreadable.push(`${candidate.display}: cannot read: ${reason(error)}`);
        continue;
      }
      const reading = readingOf(candidate, text, service, options.kind);
      if (!reading.type) {
        notRecognised++;
        // Content is what recognises most files: an empty one is said to be empty, not unknown.
        const finding = reading.why === undefined && isBlank(text) ? service.emptyFinding(text) : service.notRecognisedFinding(reading.why);
        checked.push({ file: candidate.display, uriPath: uriPathOf(candidate, io.cwd), diagnostics: locate(text, [finding]) });
        continue;
      }
      const type = reading.type;
      perKind.set(type.kind, (perKind.get(type.kind) ?? 0) + 1);
      const doc = service.parse(text, type);
      checked.push({ file: candidate.display, uriPath: uriPathOf(candidate, io.cwd), diagnostics: locate(text, service.diagnostics(doc, candidate.globPath)) });
    }
    io.stdout(render(options.format, checked, service, io.cwd));
    for (const problem of unreadable) io.stderr(`fieldwise check: ${problem}\n`);
    const count = tally(checked);
    if (options.format === 'text') io.stderr(summary(service, perKind, notRecognised, count));
    if (unreadable.length > 0) return EXIT.usage;
    if (count.error > 0 || (options.maxWarnings !== undefined && count.warning > options.maxWarnings)) return EXIT.failure;
    return EXIT.ok;
  },
};

/**
 * Reads every integration package a checked file is in into the service's workspace index (their field files,
 * templates, pipelines and events, and the layout files), so that the fields nothing maps are found as the editor finds them.
 */
function indexPackages(candidates: readonly Candidate[], service: LanguageService, cwd: string): void {
  const roots = new Set<string>();
  const known = new Map<string, string | undefined>();
  for (const candidate of candidates) {
    if (candidate.path === '-') continue;
    const root = packageRootOf(resolve(cwd, candidate.path), known);
    if (root) roots.add(root);
  }
  for (const root of roots) {
    for (const file of expandPaths([root], cwd, defaultSettings.files.console).candidates) {
      if (!indexesFile(defaultSettings, file.globPath)) continue;
      try {
        service.indexFile(file.globPath, readFileSync(file.path, 'utf8'));
      } catch {
        // A package file that cannot be read is reported when it is checked; unread here, it declares nothing.
      }
    }
  }
  service.workspace.complete = true;
}

/** The nearest folder above a file with a package manifest (`type: integration` or `input`). */
function packageRootOf(file: string, known: Map<string, string | undefined>): string | undefined {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    if (known.has(folder)) return known.get(folder);
    const manifest = join(folder, 'manifest.yml');
    let root: string | undefined;
    if (existsSync(manifest)) {
      try {
        if (/^type:\s*["']?(?:integration|input)["']?\s*$/m.test(readFileSync(manifest, 'utf8'))) root = folder;
      } catch {
        root = undefined;
      }
    }
    if (root) {
      known.set(folder, root);
      return root;
    }
    if (dirname(folder) === folder) return undefined;
  }
}

function loadDefinitions(options: CheckOptions, io: CliIO): Catalog {
  const definitions = options.definitions.length > 0 ? options.definitions : workspaceDefinitions(io.cwd);
  try {
    return loadCatalog({ definitions, cwd: io.cwd });
  } catch (error) {
    // Bad definitions are bad input to the command, not findings in the documents: exit 2, never 1.
    if (error instanceof DefinitionError) throw new CliError(`invalid field definitions:\n${error.message}`, EXIT.usage);
    throw error;
  }
}

function expandArgs(paths: readonly string[], cwd: string): { candidates: Candidate[]; missing: string[] } {
  const stdin: Candidate[] = paths.includes('-') ? [{ path: '-', display: '-', named: true, globPath: '-' }] : [];
  const expansion = expandPaths(paths.filter((p) => p !== '-'), cwd, defaultSettings.files.console);
  return { candidates: [...stdin, ...expansion.candidates], missing: expansion.missing };
}

/**
 * What a file is read as: the kind `--kind` names, else what the editor would decide (service/detect.ts). A file
 * whose name says no format (standard input, a file without an extension) is read by its content.
 */
function readingOf(candidate: Candidate, text: string, service: LanguageService, forced: string | undefined): { type?: FileType; why?: string } {
  const byName = candidate.path === '-' ? undefined : formatFromName(candidate.path);
  const format = byName ?? guessFormat(text);
  if (forced !== undefined) {
    const kind = service.kinds.find((k) => k.cliName === forced)!;
    if (!kind.formats.includes(format)) return { why: `--kind ${forced} reads ${kind.formats.join(', ')}, and this file is ${format}` };
    return { type: service.typeOf(kind.name, format) };
  }
  const type = service.fileTypeOf(candidate.globPath, text, defaultSettings, byName ? undefined : format);
  return { type };
}

function uriPathOf(candidate: Candidate, cwd: string): string {
  if (candidate.path === '-') return 'stdin';
  const rel = relative(cwd, candidate.path);
  return rel.startsWith('..') || isAbsolute(rel) ? candidate.path : rel.split('\\').join('/');
}

function render(format: Format, files: readonly CheckedFile[], service: LanguageService, cwd: string): string {
  if (format === 'json') return renderCheckJson(files);
  if (format === 'sarif') return renderCheckSarif(files, service.rules(), cwd, VERSION);
  return renderCheckText(files);
}

function summary(service: LanguageService, perKind: ReadonlyMap<KindName, number>, notRecognised: number, count: ReturnType<typeof tally>): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  // The registry's first kind is always counted (0 included); another kind only when the run met it.
  const parts = service.kinds
    .filter((kind, i) => i === 0 || (perKind.get(kind.name) ?? 0) > 0)
    .map((kind) => plural(perKind.get(kind.name) ?? 0, kind.noun));
  if (notRecognised > 0) parts.push(plural(notRecognised, 'file') + ' not recognised');
  const files = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `fieldwise check: ${files} checked: ${plural(count.error, 'error')}, ${plural(count.warning, 'warning')}, ${count.information} information, ${plural(count.hint, 'hint')}\n`;
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder';
  return error instanceof Error ? error.message : String(error);
}
