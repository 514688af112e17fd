// The files of `fieldwise check`, checked in units: an integration package's files together (the whole package read
// into the service's workspace index first, so that checks across its files see all of them; forgotten after), or one
// file alone. Each file read, recognised (or read as --kind), checked, its findings located. The same on the main
// thread and on a worker thread (checkWorker.ts): a file's findings do not depend on where, or after what, it was
// checked.
import { readFileSync } from 'node:fs';
import type { Catalog } from '../catalog/types';
import type { FileType } from '../document/fileType';
import { expandPaths, formatFromName, guessFormat } from '../service/detect';
import { DiskFolderFiles } from '../service/diskFolderFiles';
import { isBlank, LanguageService, SourceDocument } from '../service/languageService';
import type { FieldwiseSettings } from '../service/settings';
import { indexesFile } from '../service/workspaceIndex';
import { CheckedFile, locate } from './formats/checkReport';

/** A file to check, as plain data (it crosses to worker threads). */
export interface FileTask {
  /** Its place in the report's order. */
  index: number;
  /** The path to read; `-` for standard input, whose text comes in `text`. */
  path: string;
  display: string;
  uriPath: string;
  /** The path the fieldwise.files.* globs are matched against. */
  globPath: string;
  /** Standard input's text, read by the main thread. */
  text?: string;
}

export type FileOutcome =
  | { index: number; checked: CheckedFile }
  | { index: number; unreadable: string };

/** Files checked together (plain data: it crosses to worker threads). */
export interface CheckUnit {
  /** The integration package (absolute folder) its files are in, read whole into the workspace index before them. */
  packageRoot?: string;
  tasks: FileTask[];
}

/** The command line's service, and where the files of the unit being checked are on disk, by their glob paths. */
export interface Checker {
  service: LanguageService;
  /** Filled for each unit: a file's neighbours (a Logstash pipeline's other files) are read beside its path. */
  diskPaths: Map<string, string>;
}

/** A service for the command line: the workspace it sees is what each unit reads into it, complete for that unit. */
export function checkingService(catalog: Catalog, settings: FieldwiseSettings): Checker {
  const diskPaths = new Map<string, string>();
  const service = new LanguageService(catalog, settings, new DiskFolderFiles((file) => diskPaths.get(file), () => Infinity));
  service.workspace.complete = true;
  return { service, diskPaths };
}

export function checkUnit({ service, diskPaths }: Checker, settings: FieldwiseSettings, unit: CheckUnit, forcedKind: string | undefined, cwd: string): FileOutcome[] {
  const prepared = new Map<string, Prepared>();
  for (const task of unit.tasks) if (task.path !== '-') diskPaths.set(task.globPath, task.path);
  const indexed = unit.packageRoot === undefined ? [] : indexPackage(service, settings, unit, forcedKind, cwd, prepared);
  try {
    return unit.tasks.map((task) => finish(service, prepared.get(task.path) ?? prepare(service, settings, task, forcedKind)));
  } finally {
    for (const file of indexed) service.forgetFile(file);
    diskPaths.clear();
  }
}

/**
 * Reads a package's files into the service's index (field files, templates, pipelines, events and the layout files);
 * the unit's own files are read and parsed here once, for the index and for their check. Returns what was indexed, to
 * forget after. A file that cannot be read declares nothing here and is reported when it is checked.
 */
function indexPackage(service: LanguageService, settings: FieldwiseSettings, unit: CheckUnit, forcedKind: string | undefined, cwd: string, prepared: Map<string, Prepared>): string[] {
  const tasks = new Map(unit.tasks.map((t) => [t.path, t]));
  const indexed: string[] = [];
  for (const file of expandPaths([unit.packageRoot!], cwd, settings.files.console ?? []).candidates) {
    if (!indexesFile(settings, file.globPath)) continue;
    let text: string;
    try {
      text = readFileSync(file.path, 'utf8');
    } catch {
      continue;
    }
    const task = tasks.get(file.path);
    const ready = task && prepare(service, settings, { ...task, text }, forcedKind);
    if (task && ready) prepared.set(task.path, ready);
    if (ready && 'doc' in ready) service.indexParsed(file.globPath, ready.doc);
    else service.indexFile(file.globPath, text);
    indexed.push(file.globPath);
  }
  return indexed;
}

/** A file read and parsed, its check to come: its document, or why it has none (not recognised, empty), or that it cannot be read. */
type Prepared =
  | { task: FileTask; unreadable: string }
  | { task: FileTask; text: string; doc: SourceDocument }
  | { task: FileTask; text: string; why?: string };

function prepare(service: LanguageService, settings: FieldwiseSettings, task: FileTask, forcedKind: string | undefined): Prepared {
  let text: string;
  try {
    text = task.text ?? readFileSync(task.path, 'utf8');
  } catch (error) {
    return { task, unreadable: `${task.display}: cannot read: ${reason(error)}` };
  }
  const reading = readingOf(task, text, service, settings, forcedKind);
  return reading.type ? { task, text, doc: service.parse(text, reading.type) } : { task, text, why: reading.why };
}

function finish(service: LanguageService, p: Prepared): FileOutcome {
  const { task } = p;
  if ('unreadable' in p) return { index: task.index, unreadable: p.unreadable };
  if (!('doc' in p)) {
    // Content is what recognises most files: an empty one is said to be empty, not unknown.
    const finding = p.why === undefined && isBlank(p.text) ? service.emptyFinding(p.text) : service.notRecognisedFinding(p.why);
    return { index: task.index, checked: { file: task.display, uriPath: task.uriPath, diagnostics: locate(p.text, [finding], task.uriPath) } };
  }
  const kind = service.kinds.find((k) => k.name === p.doc.type.kind)?.cliName;
  return { index: task.index, checked: { file: task.display, uriPath: task.uriPath, kind, diagnostics: locate(p.text, service.diagnostics(p.doc, task.globPath), task.uriPath) } };
}

/**
 * What a file is read as: the kind `--kind` names, else what the editor would decide (service/detect.ts). A file
 * whose name says no format (standard input, a file without an extension) is read by its content.
 */
function readingOf(task: FileTask, text: string, service: LanguageService, settings: FieldwiseSettings, forced: string | undefined): { type?: FileType; why?: string } {
  const byName = task.path === '-' ? undefined : formatFromName(task.path);
  const format = byName ?? guessFormat(text);
  if (forced !== undefined) {
    const kind = service.kinds.find((k) => k.cliName === forced);
    if (!kind) throw new Error(`no kind is named '${forced}' on the command line`);
    if (!kind.formats.includes(format)) return { why: `--kind ${forced} reads ${kind.formats.join(', ')}, and this file is ${format}` };
    return { type: service.typeOf(kind.name, format) };
  }
  return { type: service.fileTypeOf(task.globPath, text, settings, byName ? undefined : format) };
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder';
  return error instanceof Error ? error.message : String(error);
}
