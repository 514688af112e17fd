// What the client can do, read once from its initialize capabilities; every later choice asks this record.
import { ClientCapabilities, MarkupKind } from 'vscode-languageserver';

export interface ClientFeatures {
  /** textDocument/diagnostic (LSP 3.17): the client pulls, so the server never pushes. */
  pullDiagnostics: boolean;
  /** workspace/diagnostic/refresh: ask the client to pull again after settings or definitions change. */
  diagnosticRefresh: boolean;
  inlayHintRefresh: boolean;
  /** publishDiagnostics carries the document version. */
  versionedPush: boolean;
  configuration: boolean;
  workspaceFolders: boolean;
  dynamicConfiguration: boolean;
  dynamicWatchers: boolean;
  relativePatterns: boolean;
  snippets: boolean;
  labelDetails: boolean;
  completionMarkdown: boolean;
  /** The client resolves an item's documentation when it shows it (completionItem/resolve): lists go without. */
  completionResolvesDocs: boolean;
  /** CompletionList.itemDefaults the client applies (LSP 3.17), e.g. `editRange`, `insertTextFormat`. */
  completionDefaults: ReadonlySet<string>;
  completionDeprecatedTag: boolean;
  hoverMarkdown: boolean;
  documentChanges: boolean;
  codeActionLiterals: boolean;
  /** codeAction/resolve fills in `edit` (VS Code): fix-alls are sent without their edits and made when picked. */
  codeActionResolvesEdit: boolean;
  /** Formatting may be registered for the languages that have a formatter only (other languages keep theirs). */
  dynamicFormatting: boolean;
  /** documentSymbol answers as a tree (DocumentSymbol[]), not a flat list. */
  hierarchicalSymbols: boolean;
  /** The client sets a document's language when the server says what it is (`fieldwise/documentLanguage`). */
  documentLanguage: boolean;
  /** window/workDoneProgress: the workspace's first read is shown as progress. */
  workDoneProgress: boolean;
  /** workspace/codeLens/refresh: lenses are asked again once the workspace is read. */
  codeLensRefresh: boolean;
  /** A workspace edit may create a file (the unmapped-field fix when the data stream has no field file yet). */
  createFiles: boolean;
}

export function readClientFeatures(caps: ClientCapabilities): ClientFeatures {
  const text = caps.textDocument;
  const item = text?.completion?.completionItem;
  return {
    pullDiagnostics: text?.diagnostic !== undefined,
    diagnosticRefresh: caps.workspace?.diagnostics?.refreshSupport === true,
    inlayHintRefresh: caps.workspace?.inlayHint?.refreshSupport === true,
    versionedPush: text?.publishDiagnostics?.versionSupport === true,
    configuration: caps.workspace?.configuration === true,
    workspaceFolders: caps.workspace?.workspaceFolders === true,
    dynamicConfiguration: caps.workspace?.didChangeConfiguration?.dynamicRegistration === true,
    dynamicWatchers: caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    relativePatterns: caps.workspace?.didChangeWatchedFiles?.relativePatternSupport === true,
    snippets: item?.snippetSupport === true,
    labelDetails: item?.labelDetailsSupport === true,
    completionMarkdown: item?.documentationFormat?.includes(MarkupKind.Markdown) === true,
    completionResolvesDocs: item?.resolveSupport?.properties.includes('documentation') === true,
    completionDefaults: new Set(text?.completion?.completionList?.itemDefaults ?? []),
    completionDeprecatedTag: item?.tagSupport?.valueSet?.includes(1) === true,
    hoverMarkdown: text?.hover?.contentFormat?.includes(MarkupKind.Markdown) === true,
    documentChanges: caps.workspace?.workspaceEdit?.documentChanges === true,
    codeActionLiterals: text?.codeAction?.codeActionLiteralSupport !== undefined,
    codeActionResolvesEdit: text?.codeAction?.resolveSupport?.properties.includes('edit') === true && text.codeAction.dataSupport === true,
    dynamicFormatting: text?.formatting?.dynamicRegistration === true && text.rangeFormatting?.dynamicRegistration === true,
    hierarchicalSymbols: text?.documentSymbol?.hierarchicalDocumentSymbolSupport === true,
    documentLanguage: announces(caps.experimental, 'documentLanguage'),
    workDoneProgress: caps.window?.workDoneProgress === true,
    codeLensRefresh: caps.workspace?.codeLens?.refreshSupport === true,
    createFiles: caps.workspace?.workspaceEdit?.documentChanges === true && caps.workspace.workspaceEdit.resourceOperations?.includes('create') === true,
  };
}

/** Whether the client's `experimental.fieldwise` capabilities hold `name: true` (they are the client's own JSON). */
function announces(experimental: unknown, name: string): boolean {
  if (typeof experimental !== 'object' || experimental === null) return false;
  const fieldwise: unknown = (experimental as Record<string, unknown>).fieldwise;
  return typeof fieldwise === 'object' && fieldwise !== null && (fieldwise as Record<string, unknown>)[name] === true;
}
