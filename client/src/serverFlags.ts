// Node flags of the language server process, shared by the VS Code client and the bench (no `vscode` import here).
// The server holds one long-lived parse tree per document: a small young generation (1 MiB semi-spaces instead of up
// to 16) cuts its peak memory by a quarter to a third at no measured cost in time (docs/server.md#node-flags). The
// same flag is in dist/server.js's `#!` line (scripts/build.mjs) and in the Neovim config (test/e2e/neovim/init.lua).
export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=1'];
