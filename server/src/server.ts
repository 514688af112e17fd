// fieldwise-language-server: wires LSP (stdio or node IPC) to the language-service facade and nothing else.
// Offsets stay inside the facade; LSP positions are converted in lsp/positions.ts only.
import {
  CodeAction, CodeActionKind, DiagnosticServerCancellationData, InitializeError, CodeActionParams, CompletionItem, CompletionList, CompletionParams, createConnection,
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, DocumentDiagnosticParams,
  DocumentDiagnosticReport, ErrorCodes, FileSystemWatcher, Hover, HoverParams, InitializeParams, InitializeResult,
  InlayHint, InlayHintParams, MessageType, ResponseError, ShowMessageNotification, TextDocuments, TextDocumentSyncKind,
  DocumentSymbol, DocumentSymbolParams, SymbolInformation, FoldingRange, FoldingRangeParams, DocumentFormattingParams,
  DocumentRangeFormattingParams, DocumentFormattingRequest, DocumentRangeFormattingRequest, TextEdit as LspTextEdit,
  CodeLens, CodeLensParams, Definition, DefinitionParams, Location, PrepareRenameParams, Range, ReferenceParams, RenameParams, WorkspaceEdit,
  WorkspaceSymbolParams,
} from 'vscode-languageserver/node';
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { loadCatalog } from './catalog';
import type { Catalog } from './catalog/types';
import { ClientFeatures, readClientFeatures } from './lsp/clientFeatures';
import { Configurator } from './lsp/configuration';
import { DefinitionWatcher, watches } from './lsp/definitionWatcher';
import { WorkspaceFiles } from './lsp/workspaceFiles';
import { indexedGlobs } from './service/workspaceIndex';
import { Cancelled, describe, guarded, throwIfCancelled, yieldToEventLoop } from './lsp/guard';
import { LineTableDocument } from './lsp/lineTableDocument';
import { OpenDocuments, Snapshot } from './lsp/openDocuments';
import { DocumentLanguageNotification, SchemaDocumentRequest, SchemaDocumentResult, schemaPagePath, StatusRequest } from './lsp/protocol';
import { DocumentLanguages } from './lsp/documentLanguages';
import { RenameRefused } from './service/fieldRename';
import { PullDiagnostics } from './lsp/pullDiagnostics';
import { PushDiagnostics } from './lsp/pushDiagnostics';
import { resolveCompletionItem, toCompletionList } from './lsp/completionList';
import {
  FileTarget, FixAllData, fromDiagnostic, toCodeAction, toCodeLens, toDocumentSymbols, toFoldingRange, toHover, toInlayHint, toLocation, toRenameEdit, toTextEdit,
  toWorkspaceEdit, toWorkspaceSymbol,
} from './lsp/toLsp';
import { folderFromUri, Workspace, Workspaces } from './lsp/workspaces';
import type { CancellationToken } from 'vscode-languageserver';
import { warmUp } from './lsp/warmUp';

const VERSION = '0.1.0';
const TRANSPORTS = ['--stdio', '--node-ipc', '--socket=', '--pipe='];

if (!process.argv.slice(2).some((arg) => TRANSPORTS.some((t) => arg.startsWith(t)))) {
  process.stderr.write('usage: fieldwise-language-server --stdio | --node-ipc | --socket=PORT | --pipe=NAME\n' +
    'Speaks the Language Server Protocol; start it from an editor (see docs/server.md).\n');
  process.exit(2);
}

const connection = createConnection();
const documents = new TextDocuments<TextDocument>(LineTableDocument);
const log = (message: string): void => connection.console.error(message);
const trace = (message: string): void => connection.tracer.log(message);

let client: ClientFeatures;
let builtin: Catalog;
let workspaces: Workspaces;
let configurator: Configurator;
let watcher: DefinitionWatcher;
/** The workspace files that feed each folder's field index, and their watcher. */
let workspaceFiles: WorkspaceFiles;
let filesWatcher: DefinitionWatcher;
let pushedSettings: unknown;
let markReady: () => void;
/** Settings and catalogs are in place; every request waits for this. */
const ready = new Promise<void>((resolve) => { markReady = resolve; });

const open = new OpenDocuments(documents, () => workspaces);
const pull = new PullDiagnostics(open, trace);
const push = new PushDiagnostics(open, {
  send: (params) => void connection.sendDiagnostics(params),
  log,
  trace,
  get versioned() { return client.versionedPush; },
});

process.on('uncaughtException', (error) => log(`fieldwise: unexpected error: ${describe(error)}`));
process.on('unhandledRejection', (error) => log(`fieldwise: unexpected error: ${describe(error)}`));

connection.onInitialize((params: InitializeParams): InitializeResult | ResponseError<InitializeError> => {
  client = readClientFeatures(params.capabilities);
  try {
    builtin = loadCatalog();
  } catch (error) {
    return new ResponseError(ErrorCodes.InternalError, `fieldwise: the built-in field definitions do not load: ${describe(error)}`, { retry: false });
  }
  workspaces = new Workspaces(builtin, openTextAt);
  const folders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: params.rootUri }] : []);
  for (const f of folders) {
    const folder = folderFromUri(f.uri, f.name);
    if (folder) workspaces.add(folder);
  }
  pushedSettings = settingsSection(params.initializationOptions);
  configurator = new Configurator({
    fetch: fetchSettings,
    showError: (message) => void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message }),
    showInfo: (message) => void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message }),
    log,
  }, builtin);
  watcher = new DefinitionWatcher({
    registerWithClient: client.dynamicWatchers ? registerWatchers : undefined,
    onChange: definitionsChanged,
    log,
  }, client.relativePatterns);
  workspaceFiles = new WorkspaceFiles({
    openFiles,
    progress: client.workDoneProgress ? scanProgress : undefined,
    warn: (message) => { log(message); void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message }); },
    log,
  });
  filesWatcher = new DefinitionWatcher({
    registerWithClient: client.dynamicWatchers ? registerWatchers : undefined,
    onChange: workspaceFilesChanged,
    log,
  }, client.relativePatterns);
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      completionProvider: { triggerCharacters: ['"', '.', ':'], resolveProvider: client.completionResolvesDocs, completionItem: { labelDetailsSupport: true } },
      hoverProvider: true,
      inlayHintProvider: true,
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      referencesProvider: true,
      definitionProvider: true,
      renameProvider: { prepareProvider: true },
      workspaceSymbolProvider: true,
      codeLensProvider: { resolveProvider: false },
      // A client that registers formatting per language gets it for the languages some kind formats only (onInitialized).
      documentFormattingProvider: !client.dynamicFormatting,
      documentRangeFormattingProvider: !client.dynamicFormatting,
      codeActionProvider: client.codeActionLiterals
        ? { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll], resolveProvider: client.codeActionResolvesEdit }
        : true,
      diagnosticProvider: client.pullDiagnostics
        ? { identifier: 'fieldwise', interFileDependencies: false, workspaceDiagnostics: false }
        : undefined,
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'fieldwise-language-server', version: VERSION },
  };
});

connection.onInitialized(async () => {
  try {
    if (client.dynamicConfiguration) {
      await connection.client.register(DidChangeConfigurationNotification.type, { section: 'fieldwise' });
    }
    if (client.dynamicFormatting) {
      const documentSelector = workspaces.loose.service.formattedLanguages().map((language) => ({ language }));
      if (documentSelector.length > 0) {
        await connection.client.register(DocumentFormattingRequest.type, { documentSelector });
        await connection.client.register(DocumentRangeFormattingRequest.type, { documentSelector });
      }
    }
    if (client.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        for (const removed of event.removed) {
          const ws = workspaces.all().find((w) => w.folder?.uri === removed.uri);
          if (ws) configurator.forget(ws);
          if (ws) workspaceFiles.forget(ws);
          workspaces.remove(removed.uri);
        }
        const added = event.added.map((f) => folderFromUri(f.uri, f.name)).filter((f) => f !== undefined);
        void Promise.all(added.map((f) => configurator.refresh(workspaces.add(f)))).then(() => settingsChanged());
      });
    }
    await Promise.all(workspaces.all().map((ws) => configurator.refresh(ws)));
  } catch (error) {
    log(`fieldwise: reading the settings failed, using the defaults: ${describe(error)}`);
  } finally {
    markReady();
  }
  await updateWatchers();
  refreshDiagnostics();
});

connection.onDidChangeConfiguration(async (params) => {
  if (!client.configuration) pushedSettings = settingsSection(params.settings);
  await ready;
  const changed = await Promise.all(workspaces.all().map((ws) => configurator.refresh(ws)));
  if (changed.some(Boolean)) settingsChanged();
});

connection.onDidChangeWatchedFiles(({ changes }) => {
  // Two sets of globs are registered: the workspace index's, whose changes go to the folder's index, and the
  // definitions' (which may lie outside every folder), whose changes reload every folder's definitions as before.
  let definitions = false;
  for (const change of changes) {
    const ws = workspaces.of(change.uri);
    const file = ws.folder ? ws.fileOf(change.uri) : undefined;
    const indexed = file !== undefined && workspaceFiles.reads(ws, file);
    if (indexed) filesWatcher.changed(ws.folder!.uri);
    if (!indexed || watches(configurator.entries(ws), file)) definitions = true;
  }
  if (definitions) for (const ws of workspaces.all()) if (ws.folder) watcher.changed(ws.folder.uri);
});

/** Documents seen since they were opened: the first check runs at once, later ones wait for a pause in typing. */
const seen = new Set<string>();

documents.onDidChangeContent(async ({ document }) => {
  if (client.pullDiagnostics) return;
  const first = !seen.has(document.uri);
  seen.add(document.uri);
  await ready;
  push.schedule(document.uri, first ? 0 : undefined);
});

// A document whose content says another language than the one it was opened with (a `.conf` file that is a Logstash
// pipeline): a client that sets languages is told, once the text says so.
const languages = new DocumentLanguages((uri, languageId) => void connection.sendNotification(DocumentLanguageNotification, { uri, languageId }));
documents.onDidChangeContent(async ({ document }) => {
  await ready;
  if (client.documentLanguage) languages.follow(open.context(document.uri));
});

// An open workspace file's text is the index's copy: one that may define component templates is indexed after a pause
// in typing (other documents' findings read it), every other one when an action on a mapping needs it.
let indexTimer: NodeJS.Timeout | undefined;
documents.onDidChangeContent(({ document }) => {
  const ws = workspaces?.of(document.uri);
  if (!ws?.folder) return;
  workspaceFiles.edited(ws, ws.fileOf(document.uri));
  clearTimeout(indexTimer);
  indexTimer = setTimeout(() => {
    indexTimer = undefined;
    if (workspaceFiles.pending().map((w) => workspaceFiles.flush(w, true)).some(Boolean)) refreshDiagnostics();
  }, 300);
});

documents.onDidClose(({ document }) => {
  const ws = workspaces.of(document.uri);
  if (ws.folder) workspaceFiles.closed(ws, ws.fileOf(document.uri));
  seen.delete(document.uri);
  languages.forget(document.uri);
  open.close(document.uri);
  pull.forget(document.uri);
  if (!client.pullDiagnostics) push.close(document.uri);
});

// The workspace's files are read once a document is opened in its folder, in the background and a moment later, so
// that the document's own first diagnostics come first; a request that needs them (references, an action) asks at once.
// Findings that read component templates are refreshed when the read ends.
const FIRST_READ_DELAY_MS = 1000;
documents.onDidOpen(async ({ document }) => {
  await ready;
  const ctx = open.context(document.uri);
  if (!ctx?.workspace.folder || ctx.oversize || workspaceFiles.reading(ctx.workspace)) return;
  const ws = ctx.workspace;
  setTimeout(() => { if (workspaces.all().includes(ws)) void scanFolder(ws, 'first'); }, FIRST_READ_DELAY_MS);
});

connection.languages.diagnostics.on(guarded<DocumentDiagnosticParams, DocumentDiagnosticReport, DiagnosticServerCancellationData>('diagnostics', log, { kind: 'full', items: [] },
  async (params: DocumentDiagnosticParams, token) => {
    await ready;
    flushWorkspaceFiles(params.textDocument.uri, true);
    const report = await pull.handle(params, token);
    const ctx = open.context(params.textDocument.uri);
    if (ctx && !ctx.oversize) warmUp(ctx.workspace.service, ctx.type.format, ctx.file);
    return report;
  }));

connection.onCompletion(guarded('completion', log, null as CompletionList | null, async (params: CompletionParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  const offset = snap.at.offset(params.position);
  const service = snap.workspace.service;
  const limited = service.completeWithin(snap.entry.parsed, snap.file, offset, snap.workspace.settings.completion.maxItems);
  completedIn = snap.workspace;
  return toCompletionList(limited, snap.at, client, (docPath) => service.completionDocumentation(docPath));
}));

/** The workspace of the last completion list: the items a client resolves are that list's. */
let completedIn: Workspace | undefined;

// On failure the item comes back as it was sent.
connection.onCompletionResolve((item, token) => guarded('completion resolve', log, item, async (sent: CompletionItem) => {
  await ready;
  const service = (completedIn ?? workspaces.loose).service;
  return resolveCompletionItem(sent, (docPath) => service.completionDocumentation(docPath), client);
})(item, token));

connection.onHover(guarded('hover', log, null as Hover | null, async (params: HoverParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  const result = snap.workspace.service.hover(snap.entry.parsed, snap.file, snap.at.offset(params.position));
  return result ? toHover(result, snap.at, client) : null;
}));

connection.languages.inlayHint.on(guarded('inlay hints', log, null as InlayHint[] | null, async (params: InlayHintParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  const hints = snap.workspace.service.inlayHints(snap.entry.parsed, snap.file, snap.at.span(params.range));
  return hints.map((h) => toInlayHint(h, snap.at));
}));

connection.onDocumentSymbol(guarded('document symbols', log, null as DocumentSymbol[] | SymbolInformation[] | null, async (params: DocumentSymbolParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  return toDocumentSymbols(snap.workspace.service.symbols(snap.entry.parsed), snap.doc.uri, snap.at, client);
}));

connection.onFoldingRanges(guarded('folding ranges', log, null as FoldingRange[] | null, async (params: FoldingRangeParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  const spans = snap.workspace.service.folding(snap.entry.parsed);
  return spans ? spans.map((s) => toFoldingRange(s, snap.at)).filter((r) => r !== undefined) : null;
}));

connection.onDocumentFormatting(guarded('formatting', log, null as LspTextEdit[] | null, async (params: DocumentFormattingParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  const edits = snap.workspace.service.format(snap.entry.parsed, params.options);
  return edits ? edits.map((e) => toTextEdit(e, snap.at)) : null;
}));

connection.onDocumentRangeFormatting(guarded('range formatting', log, null as LspTextEdit[] | null, async (params: DocumentRangeFormattingParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  const edits = snap.workspace.service.format(snap.entry.parsed, params.options, snap.at.span(params.range));
  return edits ? edits.map((e) => toTextEdit(e, snap.at)) : null;
}));

connection.onCodeAction(guarded('code actions', log, null as CodeAction[] | null, async (params: CodeActionParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  // An action that reads the workspace (adding the fields it uses to a mapping) needs the folder's first read done.
  if (snap.workspace.service.readsWorkspace(snap.type)) {
    await workspaceFiles.settled(snap.workspace);
    flushWorkspaceFiles(snap.doc.uri, false);
  }
  // Check first in the background-friendly way; the fixes then find every event's findings cached.
  if (!(await open.diagnostics(snap, () => token.isCancellationRequested))) throw new Cancelled();
  const sent = params.context.diagnostics.map((d) => fromDiagnostic(d, snap.at)).filter((d) => d !== undefined);
  const fixes = snap.workspace.service.codeActions(snap.entry.parsed, snap.file, snap.at.span(params.range), sent, client.codeActionResolvesEdit, reader(snap.workspace));
  const only = params.context.only;
  return fixes
    .filter((f) => !only || only.some((kind) => f.kind === kind || f.kind.startsWith(`${kind}.`)))
    .map((f) => toCodeAction(f, snap.doc.uri, snap.entry.version, snap.at, client, targetOf(snap.workspace)))
    .filter((a) => a !== undefined);
}));

// A fix-all sent without its edits (a client that resolves them): made now, from the document as it is.
connection.onCodeActionResolve((action, token) => guarded('code action resolve', log, action, async (unresolved: CodeAction, inner) => {
  const data = unresolved.data as Partial<FixAllData> | undefined;
  if (typeof data?.uri !== 'string' || typeof data.code !== 'string' || unresolved.edit) return unresolved;
  const snap = await snapshotFor(data.uri, inner);
  if (!snap) return unresolved;
  if (!(await open.diagnostics(snap, () => inner.isCancellationRequested))) throw new Cancelled();
  const edits = snap.workspace.service.fixAll(snap.entry.parsed, snap.file, data.code);
  return { ...unresolved, edit: toWorkspaceEdit(edits, snap.doc.uri, snap.entry.version, snap.at, client) };
})(action, token));

// One field, every file (docs/workspace.md): these read the folder's index, so they wait for its first read.

connection.onReferences(guarded('references', log, null as Location[] | null, async (params: ReferenceParams, token) => {
  const snap = await indexedSnapshot(params.textDocument.uri, token);
  if (!snap) return null;
  const found = snap.workspace.service.references(snap.entry.parsed, snap.file, snap.at.offset(params.position), params.context.includeDeclaration);
  return found ? found.map((f) => toLocation(f, uriIn(snap.workspace))) : null;
}));

connection.onDefinition(guarded('definition', log, null as Definition | null, async (params: DefinitionParams, token) => {
  const snap = await indexedSnapshot(params.textDocument.uri, token);
  if (!snap) return null;
  const found = snap.workspace.service.definition(snap.entry.parsed, snap.file, snap.at.offset(params.position), reader(snap.workspace));
  return found ? found.map((f) => toLocation(f, uriIn(snap.workspace))) : null;
}));

connection.onPrepareRename(guarded('prepare rename', log, null as Range | { range: Range; placeholder: string } | null, async (params: PrepareRenameParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap) return null;
  const answer = snap.workspace.service.prepareRename(snap.entry.parsed, snap.at.offset(params.position));
  if ('refused' in answer) throw new ResponseError(ErrorCodes.InvalidRequest, answer.refused);
  return { range: snap.at.range(answer), placeholder: answer.placeholder };
}));

connection.onRenameRequest(guarded('rename', log, null as WorkspaceEdit | null, async (params: RenameParams, token) => {
  const snap = await indexedSnapshot(params.textDocument.uri, token);
  if (!snap) return null;
  try {
    const rename = snap.workspace.service.rename(snap.entry.parsed, snap.file, snap.at.offset(params.position), params.newName, reader(snap.workspace));
    return toRenameEdit(rename, targetOf(snap.workspace), client);
  } catch (error) {
    if (error instanceof RenameRefused) throw new ResponseError(ErrorCodes.InvalidRequest, error.message);
    throw error;
  }
}));

connection.onWorkspaceSymbol(guarded('workspace symbols', log, null as ReturnType<typeof toWorkspaceSymbol>[] | null, async (params: WorkspaceSymbolParams) => {
  await ready;
  const out = [];
  for (const ws of workspaces.all()) {
    if (!ws.folder) continue;
    await workspaceFiles.settled(ws);
    workspaceFiles.flush(ws);
    out.push(...ws.service.workspaceSymbols(params.query, MAX_SYMBOLS - out.length).map((e) => toWorkspaceSymbol(e, uriIn(ws))));
  }
  return out;
}));

connection.onCodeLens(guarded('code lens', log, null as CodeLens[] | null, async (params: CodeLensParams, token) => {
  const snap = await snapshotFor(params.textDocument.uri, token);
  if (!snap || !snap.workspace.folder || !workspaceFiles.reading(snap.workspace)) return null;
  return snap.workspace.service.codeLenses(snap.entry.parsed, snap.file).map((l) => toCodeLens(l, snap.doc.uri, snap.at));
}));

connection.onRequest(SchemaDocumentRequest, guarded('schema document', log, null as SchemaDocumentResult | null, async (params) => {
  await ready;
  const path = schemaPagePath(params.uri);
  if (path === undefined) throw new ResponseError(ErrorCodes.InvalidParams, `fieldwise/schemaDocument: not a schema page URI: ${params.uri}`);
  const text = (workspaces.all()[0] ?? workspaces.loose).service.schemaPage(path);
  if (text === undefined) throw new ResponseError(ErrorCodes.InvalidParams, `fieldwise/schemaDocument: the schema defines no field ${path}`);
  return { text };
}));

connection.onRequest(StatusRequest, guarded('status', log, { schemaVersion: '', customFieldCount: 0 }, async (params) => {
  await ready;
  const ws = params?.uri ? workspaces.of(params.uri) : (workspaces.all()[0] ?? workspaces.loose);
  const catalog = ws.service.currentCatalog;
  return { schemaVersion: catalog.version, customFieldCount: catalog.customFieldCount };
}));

/** The most symbols one workspace symbol answer lists (clients ask again as the user types). */
const MAX_SYMBOLS = 500;

/** `snapshotFor` once the document's folder has been read (the first read started if needed) and its open edits indexed. */
async function indexedSnapshot(uri: string, token: CancellationToken): Promise<Snapshot | undefined> {
  await ready;
  const ws = workspaces.of(uri);
  if (ws.folder) {
    await workspaceFiles.settled(ws);
    workspaceFiles.flush(ws);
  }
  return snapshotFor(uri, token);
}

/** A relative path whose characters a file URI keeps as they are. */
const PLAIN_PATH = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** The folder's own file URI, without a trailing slash. */
function folderHref(ws: Workspace): string {
  return pathToFileURL(ws.folder!.path).href.replace(/\/$/, '');
}

/** Each folder's files' URIs, made once: a field's references may name tens of thousands of files. */
const fileUris = new WeakMap<Workspace, Map<string, string>>();

/** A workspace file's URI (files are relative to the folder; absolute outside one). */
function uriIn(ws: Workspace): (file: string) => string {
  let known = fileUris.get(ws);
  if (!known) fileUris.set(ws, (known = new Map<string, string>()));
  const memo = known;
  return (file) => {
    let uri = memo.get(file);
    if (uri === undefined) {
      // A relative path of plain characters needs no escaping: joined to the folder's URI as it is (pathToFileURL would give the same).
      uri = isAbsolute(file) || !ws.folder ? pathToFileURL(file).href
        : PLAIN_PATH.test(file) ? `${folderHref(ws)}/${file}` : pathToFileURL(join(ws.folder.path, file)).href;
      // Bounded by the folder's files; a folder read again starts over.
      if (memo.size > 500_000) memo.clear();
      memo.set(file, uri);
    }
    return uri;
  };
}

/** Another file of the workspace: its URI and, open in the editor, its version. */
function targetOf(ws: Workspace): FileTarget {
  const uriOf = uriIn(ws);
  return (file) => {
    const uri = uriOf(file);
    return { uri, version: documents.get(uri)?.version ?? null };
  };
}

/** Reads a workspace file: the editor's text when it is open, else the disk's. */
function reader(ws: Workspace): (file: string) => string | undefined {
  const uriOf = uriIn(ws);
  return (file) => {
    const uri = uriOf(file);
    const open = documents.get(uri);
    if (open) return open.getText();
    try {
      return readFileSync(isAbsolute(file) || !ws.folder ? file : join(ws.folder.path, file), 'utf8');
    } catch {
      return undefined;
    }
  };
}

/** The folder's first read as window/workDoneProgress: "N of M files". */
async function scanProgress(ws: Workspace, total: number): Promise<{ report(indexed: number, total: number): void; done(): void }> {
  const progress = await connection.window.createWorkDoneProgress();
  progress.begin(`Fieldwise: reading ${ws.folder?.name ?? 'the workspace'}`, 0, `0 of ${total} files`, false);
  return {
    report: (indexed, all) => progress.report(Math.floor((indexed / Math.max(1, all)) * 100), `${indexed} of ${all} files`),
    done: () => progress.done(),
  };
}

/** The current version of a document Fieldwise analyses, parsed (once per version); undefined for other documents. */
async function snapshotFor(uri: string, token: CancellationToken): Promise<Snapshot | undefined> {
  await ready;
  throwIfCancelled(token);
  const ctx = open.context(uri);
  // A file past fieldwise.maxFileSize gets its one diagnostic and nothing else.
  if (!ctx || ctx.oversize) return undefined;
  const snap = open.snapshot(ctx);
  if (snap.fresh && snap.entry.parseMs > 10) {
    // A long parse: let a cancellation that arrived meanwhile be seen before answering.
    await yieldToEventLoop();
    throwIfCancelled(token);
  }
  return snap;
}

async function fetchSettings(ws: Workspace): Promise<unknown> {
  if (!client.configuration) return pushedSettings;
  return connection.workspace.getConfiguration({ scopeUri: ws.folder?.uri, section: 'fieldwise' });
}

function settingsSection(value: unknown): unknown {
  const record = value as { fieldwise?: unknown; settings?: { fieldwise?: unknown } } | null | undefined;
  return record?.fieldwise ?? record?.settings?.fieldwise;
}

async function registerWatchers(watchers: FileSystemWatcher[]): Promise<() => void> {
  const registration = await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers });
  return () => registration.dispose();
}

async function updateWatchers(): Promise<void> {
  try {
    await watcher.update(workspaces.all().filter((ws) => ws.folder).map((ws) => ({ folder: ws.folder!, entries: configurator.entries(ws) })));
    await filesWatcher.update(workspaces.all().filter((ws) => ws.folder).map((ws) => ({ folder: ws.folder!, entries: indexedGlobs(ws.settings) })));
  } catch (error) {
    log(`fieldwise: cannot watch the custom definitions: ${describe(error)}`);
  }
}

/** The text of the open document at a file-system path, if one is open (a file's neighbours are read from it first). */
function openTextAt(path: string): string | undefined {
  return documents.get(pathToFileURL(path).href)?.getText();
}

/** The open documents of a workspace that the index reads, by file: their text is read only when indexed. */
function openFiles(ws: Workspace): Map<string, () => string> {
  const out = new Map<string, () => string>();
  for (const doc of documents.all()) {
    if (workspaces.of(doc.uri) !== ws) continue;
    const file = ws.fileOf(doc.uri);
    if (workspaceFiles.reads(ws, file)) out.set(file, () => doc.getText());
  }
  return out;
}

/** Indexes the edits of the workspace's open files not indexed yet (`componentsOnly`: of those that may define component templates); other documents' findings follow if components changed. */
function flushWorkspaceFiles(uri: string, componentsOnly: boolean): void {
  const ws = workspaces.of(uri);
  if (ws.folder && workspaceFiles.flush(ws, componentsOnly)) refreshDiagnostics();
}

/** Reads every folder's files (`fresh`: all of them again, else only those changed on disk), in the background. */
function scanWorkspaceFiles(fresh: boolean): void {
  for (const ws of workspaces.all()) if (ws.folder) void scanFolder(ws, fresh ? 'fresh' : 'changed');
}

/** `first`: the first read, if none was asked for yet; `fresh`: every file again; `changed`: those changed on disk. Only folders read once are read again. */
async function scanFolder(ws: Workspace, how: 'first' | 'fresh' | 'changed'): Promise<void> {
  if (how !== 'first' && !workspaceFiles.reading(ws)) return;
  try {
    const started = Date.now();
    const changed = await (how === 'first' ? workspaceFiles.want(ws) : workspaceFiles.scan(ws, how === 'fresh'));
    const index = ws.service.workspace;
    trace(`workspace index ${ws.folder?.name}: ${index.files} files, ${index.references} field references of ${index.nameCount} names, ${ws.service.packages.packages} packages, in ${Date.now() - started} ms`);
    if (changed) {
      refreshDiagnostics();
      if (client.codeLensRefresh) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    }
  } catch (error) {
    log(`fieldwise: reading the workspace files of ${ws.folder?.name} failed: ${describe(error)}`);
  }
}

function workspaceFilesChanged(folderUri: string): void {
  const ws = workspaces.all().find((w) => w.folder?.uri === folderUri);
  if (ws) void scanFolder(ws, 'changed');
}

function definitionsChanged(folderUri: string): void {
  const ws = workspaces.all().find((w) => w.folder?.uri === folderUri);
  if (ws && configurator.reloadDefinitions(ws)) settingsChanged();
}

function settingsChanged(): void {
  void updateWatchers();
  // The globs or the file types may have changed: every file is read again.
  scanWorkspaceFiles(true);
  refreshDiagnostics();
  if (client.inlayHintRefresh) void connection.languages.inlayHint.refresh().catch(() => undefined);
}

/** After settings or definitions change: clients that pull are asked to pull again; others get a new push. */
function refreshDiagnostics(): void {
  if (client.pullDiagnostics) {
    if (client.diagnosticRefresh) void connection.languages.diagnostics.refresh().catch(() => undefined);
    return;
  }
  for (const doc of open.all()) push.schedule(doc.uri, 0);
}

documents.listen(connection);
connection.listen();
