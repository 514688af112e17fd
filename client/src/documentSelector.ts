// The documents the language server handles: event files and the other kinds later issues add.

// `es-console` is Fieldwise's own id for Kibana console text; `http` the id other extensions give .http files.
export const SERVER_LANGUAGES = ['json', 'jsonc', 'ndjson', 'yaml', 'es-console', 'http'] as const;

/** Plain filters, usable both by vscode-languageclient and by vscode.languages. */
export const serverDocumentSelector: Array<{ scheme: string; language: string }> = SERVER_LANGUAGES.flatMap((language) => [
  { scheme: 'file', language },
  { scheme: 'untitled', language },
]);
