// Node flags of the language server process, shared by the VS Code client and the bench (no `vscode` import here).
import { availableParallelism } from 'node:os';

// The server's allocations are short-lived (an event's tree lives until its diagnostics are cached): 1 MiB semi-spaces
// instead of up to 16 keep the young generation from growing into the peak, -15 to -35 MB (docs/server.md#node-flags). The
// same flags are in dist/server.js's `#!` line (scripts/build.mjs, the first two only: a `#!` line cannot count cores)
// and in the Neovim config (test/e2e/neovim/init.lua).
// --heap-growing-percent=150: V8 lets the old generation grow to up to 4 times what survived the last full collection
// when much is allocated; what the server moves there per keystroke (the document's new text, each version's
// diagnostics) is garbage by the next one, so resident memory crept up over a long session (malformed YAML 100 KB:
// 97 -> 142 MB over 2,000 edits). A fixed 2.5 keeps it flat (1.09-1.14); 2 cost the 5 MB opens a full collection more.
// It only says when a full collection starts, it is no ceiling: a large document gets the heap it needs
// (docs/server.md#node-flags, docs/performance.md, long sessions).
// --v8-pool-size: V8's helper threads (optimising compiles, GC helpers) are 4 whatever the machine; on 2 cores they took
// the main thread's core, and a first open cost a third more time and two fifths more CPU than with one
// (docs/performance.md, "V8's helper threads"). One core is left to the main thread; Node's default of 4 stays the ceiling.
function helperThreads(cores: number): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=1', '--heap-growing-percent=150', `--v8-pool-size=${helperThreads(availableParallelism())}`];
