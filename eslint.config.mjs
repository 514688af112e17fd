// ESLint for all of our TypeScript and JavaScript: typescript-eslint's type-aware recommended rules
// (recommendedTypeChecked) over ESLint's recommended ones. Every rule turned off or loosened below says why.
// Rules apply by folder, not by file list, so a new kind folder (server/src/kinds/<kind>/) is linted as it lands.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Built output, installed packages, caches, downloaded editors and the bench's results are not ours to lint.
    ignores: ['dist/**', 'node_modules/**', '.cache/**', '.tools/**', 'bench/out/**', 'test-results/**', '**/*.vsix'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Each file is checked with the tsconfig.json nearest to it (test/e2e/vscode-suite has its own, with mocha's types).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Loosened: node:test's test/it/describe/suite return promises the runner itself awaits and reports.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }],
      }],
      // Loosened: the server is CommonJS and loads ajv, yaml and psl with require() on first use, not at start-up.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^ajv/dist/2020$', '^yaml$', '^psl$'] }],
      // Off: the YAML scanner and the page-name check match control characters on purpose (both forbid them).
      'no-control-regex': 'off',
      // Loosened: a parameter a contract requires but an implementation does not read starts with _, as tsc's noUnusedParameters allows.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Off: implementations of promise-returning contracts (Command.run, CliIO.readStdin) stay async so what they throw is a rejection.
      '@typescript-eslint/require-await': 'off',
      // Loosened: wikiparser-node's tokens print their wikitext with toString(), which its type declarations leave out.
      '@typescript-eslint/no-base-to-string': ['error', { ignoredTypeNames: ['Error', 'RegExp', 'URL', 'URLSearchParams', 'ExtToken'] }],
    },
  },
  {
    // Off in this file: the bench loads another commit's client/src/serverFlags.ts from a path known only at run time.
    files: ['bench/otherBuild.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Off in this file: wholeCheck is a Check (the generator contract of incremental checks) that is done at once.
    files: ['server/src/kinds/kind.ts'],
    rules: { 'require-yield': 'off' },
  },
  {
    // Our few .mjs scripts run under plain node and are in no tsconfig: no type information, node's globals.
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', Buffer: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
