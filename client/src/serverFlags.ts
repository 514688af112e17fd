// Node flags of the language server process, shared by the VS Code client and the bench (no `vscode` import here).
import { availableParallelism } from 'node:os';

// --max-semi-space-size=1: the server's allocations are short-lived (an event's tree lives until its diagnostics are
// cached), so a small young generation keeps them from growing into the peak (docs/server.md#node-flags). The
// same flags are in dist/server.js's `#!` line (scripts/build.mjs, the first two only: a `#!` line cannot count cores)
// and in the Neovim config (test/e2e/neovim/init.lua).
// --heap-growing-percent=150: V8 lets the old generation grow to up to 4 times what survived the last full collection
// when much is allocated; what the server moves there per keystroke (the document's new text, each version's
// diagnostics) is garbage by the next one, so without a fixed factor resident memory creeps up over a long session;
// a lower factor than 2.5 buys large opens another full collection.
// It only says when a full collection starts, it is no ceiling: a large document gets the heap it needs
// (docs/server.md#node-flags, docs/performance.md, long sessions).
// --v8-pool-size: V8's helper threads (optimising compiles, GC helpers) are 4 whatever the machine; with no spare core
// they take the main thread's during a first open (docs/performance.md, design decisions). One core is left to the main
// thread; Node's default of 4 stays the ceiling.
function helperThreads(cores: number): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=1', '--heap-growing-percent=150', `--v8-pool-size=${helperThreads(availableParallelism())}`];
