// The documents the language server handles: every language a format of the server's is written in (held to the
// server's registry of formats by test/unit/kind-registry.test.ts).

// `es-console` is Fieldwise's own id for Kibana console text; `http`, `jsonl` and `jsonlines` the ids other
// extensions give .http and .jsonl files.
export const SERVER_LANGUAGES = ['json', 'jsonc', 'ndjson', 'jsonl', 'jsonlines', 'yaml', 'es-console', 'http'] as const;

/**
 * Files the server reads by their name whatever language the editor gives them: YAML templates (`.yml.hbs`, which
 * VS Code calls `handlebars`), the server's registry of formats' `namePatterns`.
 */
export const SERVER_FILE_PATTERNS = ['**/*.yml.hbs', '**/*.yaml.hbs'] as const;

/** Plain filters, usable both by vscode-languageclient and by vscode.languages. */
export const serverDocumentSelector: Array<{ scheme: string; language?: string; pattern?: string }> = [
  ...SERVER_LANGUAGES.flatMap((language) => [
    { scheme: 'file', language },
    { scheme: 'untitled', language },
  ]),
  ...SERVER_FILE_PATTERNS.map((pattern) => ({ scheme: 'file', pattern })),
];
