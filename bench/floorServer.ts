// The bench's "floor": the least a Node.js language server can be (vscode-languageserver over stdio, the open
// documents kept by TextDocuments with incremental sync, nothing parsed), so the table shows how much of each figure
// is Node and the protocol library. Bundled by the bench into bench/out and run under plain node (tsx would add memory).
import { createConnection, Diagnostic, DiagnosticSeverity, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

const connection = createConnection();
const documents = new TextDocuments(TextDocument);

connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    completionProvider: {},
    hoverProvider: true,
    diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false },
  },
}));

// The bench driver wants at least one problem after open and one more after each edit: one error per version, at
// the document's first character, so no line table is computed for them (no checking, no position conversion).
connection.languages.diagnostics.on((params) => {
  const document = documents.get(params.textDocument.uri);
  const count = document ? document.version : 0;
  const items: Diagnostic[] = Array.from({ length: count }, (_, i) => ({
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    severity: DiagnosticSeverity.Error,
    source: 'floor',
    message: `floor diagnostic ${i + 1} of version ${count}`,
  }));
  return { kind: 'full', items };
});
connection.onCompletion(() => []);
connection.onHover(() => null);

documents.listen(connection);
connection.listen();
