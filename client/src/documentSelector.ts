// The documents the language server handles: every language a format of the server's is written in (held to the
// server's registry of formats by test/unit/kind-registry.test.ts), every `.yml.hbs` template and every `.conf` file
// whatever language the editor gave it (VS Code opens `.conf` as Properties; the server says which are Logstash,
// documentLanguage.ts).

// `es-console` is Fieldwise's own id for Kibana console text; `http`, `jsonl` and `jsonlines` the ids other
// extensions give .http and .jsonl files; `logstash` Fieldwise's own for Logstash pipeline configs.
export const SERVER_LANGUAGES = ['json', 'jsonc', 'ndjson', 'jsonl', 'jsonlines', 'yaml', 'es-console', 'http', 'logstash'] as const;

/**
 * Files the server reads by their name whatever language the editor gives them (the server's registry of formats'
 * `namePatterns`): YAML templates (`.yml.hbs`, which VS Code calls `handlebars`), and `.conf` files, whose kind the
 * server recognises by content.
 */
export const SERVER_FILE_PATTERNS = ['**/*.yml.hbs', '**/*.yaml.hbs', '**/*.conf'] as const;

export interface PlainFilter {
  scheme: string;
  language?: string;
  pattern?: string;
}

/** The documents of the server's languages: where the status item shows (plain filters, usable by vscode.languages too). */
export const serverLanguageSelector: PlainFilter[] = SERVER_LANGUAGES.flatMap((language) => [
  { scheme: 'file', language },
  { scheme: 'untitled', language },
]);

/** What the language client hands the server: the server's languages and its file patterns. */
export const serverDocumentSelector: PlainFilter[] = [
  ...serverLanguageSelector,
  ...SERVER_FILE_PATTERNS.map((pattern) => ({ scheme: 'file', pattern })),
];
