// Node flags of the language server process, shared by the VS Code client and the bench (no `vscode` import here).
// The server's allocations are short-lived (an event's tree lives until its diagnostics are cached): 1 MiB semi-spaces
// instead of up to 16 keep the young generation from growing into the peak, -15 to -35 MB (docs/server.md#node-flags). The
// same flag is in dist/server.js's `#!` line (scripts/build.mjs) and in the Neovim config (test/e2e/neovim/init.lua).
export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=1'];
