// A TextMate grammar through the engine VS Code uses (vscode-textmate + vscode-oniguruma), for the grammar tests:
// tokenize a text line by line, find a piece of a line and check the scopes of the tokens covering it, and ask the
// engine's debug mode whether a rule looped without advancing (it then silently stops highlighting the line).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const repoRoot = join(__dirname, '..', '..');
const wasmPath = join(repoRoot, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm');

export interface TokenizedLine {
  readonly number: number; // 1-based
  readonly text: string;
  readonly tokens: readonly vsctm.IToken[];
  readonly stateBefore: vsctm.StateStack;
}

export interface TokenizedDocument {
  readonly name: string;
  readonly lines: readonly TokenizedLine[];
  readonly finalState: vsctm.StateStack;
  /** True for the state between lines when no construct is open. */
  readonly isTopLevel: (state: vsctm.StateStack) => boolean;
}

/** One row of the expectation tables: a piece of one line and the scope it must (or must not) carry. */
export interface Expectation {
  /** A substring that occurs on exactly one line of the fixture, or a 1-based line number. */
  readonly line: string | number;
  /** The text of the token(s) to inspect; must start and end on token boundaries. */
  readonly text: string;
  /** Which occurrence of `text` on the line (1-based); defaults to the first. */
  readonly nth?: number;
  /** Every token covering `text` carries this scope or a more specific one (prefix match on whole segments). */
  readonly scope?: string;
  /** No token covering `text` carries this scope or a more specific one. */
  readonly notScope?: string;
}

let wasmLoading: Promise<void> | undefined;
const grammars = new Map<string, Promise<vsctm.IGrammar>>();

/** The grammar of `scopeName` in `grammarPath`, loaded once per process (the WASM engine initialises once). */
export function grammarOf(grammarPath: string, scopeName: string): Promise<vsctm.IGrammar> {
  let loading = grammars.get(scopeName);
  if (!loading) grammars.set(scopeName, (loading = loadGrammar(grammarPath, scopeName)));
  return loading;
}

async function loadGrammar(grammarPath: string, scopeName: string): Promise<vsctm.IGrammar> {
  wasmLoading ??= (async () => {
    const wasm = readFileSync(wasmPath);
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  })();
  await wasmLoading;
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scope: string) => (scope === scopeName ? vsctm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null),
  });
  const loaded = await registry.loadGrammar(scopeName);
  if (!loaded) throw new Error(`${grammarPath}: no grammar with scopeName ${scopeName}`);
  return loaded;
}

export function tokenize(grammar: vsctm.IGrammar, name: string, text: string): TokenizedDocument {
  const lines: TokenizedLine[] = [];
  let state = vsctm.INITIAL;
  text.split(/\r?\n/).forEach((lineText, index) => {
    const result = grammar.tokenizeLine(lineText, state);
    lines.push({ number: index + 1, text: lineText, tokens: result.tokens, stateBefore: state });
    state = result.ruleStack;
  });
  // INITIAL carries no scopes yet; after any line the top-level state carries the root scope.
  const topLevel = grammar.tokenizeLine('', vsctm.INITIAL).ruleStack;
  return { name, lines, finalState: state, isTopLevel: (s) => s === vsctm.INITIAL || s.equals(topLevel) };
}

/**
 * Tokenizes each text in a child process with vscode-textmate's debug mode on, the only mode in which the engine
 * reports that a rule was pushed and popped without advancing; returns those reports.
 */
export function engineLoopReports(grammarPath: string, scopeName: string, texts: readonly string[]): string[] {
  const script = `
    const { readFileSync } = require('node:fs');
    const onig = require(${JSON.stringify(require.resolve('vscode-oniguruma'))});
    const tm = require(${JSON.stringify(require.resolve('vscode-textmate'))});
    (async () => {
      const wasm = readFileSync(${JSON.stringify(wasmPath)});
      await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
      const registry = new tm.Registry({
        onigLib: Promise.resolve({ createOnigScanner: (p) => new onig.OnigScanner(p), createOnigString: (s) => new onig.OnigString(s) }),
        loadGrammar: async () => tm.parseRawGrammar(readFileSync(${JSON.stringify(grammarPath)}, 'utf8'), ${JSON.stringify(grammarPath)}),
      });
      const grammar = await registry.loadGrammar(${JSON.stringify(scopeName)});
      for (const text of JSON.parse(readFileSync(0, 'utf8'))) {
        let state = tm.INITIAL;
        for (const line of text.split('\\n')) state = grammar.tokenizeLine(line, state).ruleStack;
      }
    })().catch((error) => { console.error('child failed: ' + error.stack); process.exitCode = 1; });`;
  const child = spawnSync(process.execPath, ['-e', script], {
    input: JSON.stringify(texts),
    env: { ...process.env, VSCODE_TEXTMATE_DEBUG: '1' },
    stdio: ['pipe', 'ignore', 'pipe'], // debug mode traces every token on stdout; only stderr matters
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(child.status, 0, `engine child process failed: ${child.stderr}`);
  return child.stderr.split('\n').filter((l) => l.includes('endless loop'));
}

export function hasScope(scopes: readonly string[], fragment: string): boolean {
  return scopes.some((scope) => scope === fragment || scope.startsWith(`${fragment}.`));
}

export function describeLine(line: TokenizedLine): string {
  const tokens = line.tokens.map((t) => `    ${JSON.stringify(line.text.slice(t.startIndex, t.endIndex))}  ${t.scopes.slice(1).join(' ')}`);
  return `line ${line.number}: ${line.text}\n${tokens.join('\n')}`;
}

export function findLine(doc: TokenizedDocument, selector: string | number): TokenizedLine {
  if (typeof selector === 'number') {
    const line = doc.lines[selector - 1];
    if (!line) throw new Error(`${doc.name}: there is no line ${selector}`);
    return line;
  }
  const matches = doc.lines.filter((l) => l.text.includes(selector));
  if (matches.length !== 1) throw new Error(`${doc.name}: expected exactly one line containing ${JSON.stringify(selector)}, found ${matches.length}`);
  return matches[0];
}

/** The tokens covering an expectation's text carry (or do not carry) its scope; it starts and ends on token boundaries. */
export function check(doc: TokenizedDocument, expectation: Expectation): void {
  const line = findLine(doc, expectation.line);
  const nth = expectation.nth ?? 1;
  let start = -1;
  for (let i = 0, from = 0; i < nth && from >= 0; i++) {
    start = line.text.indexOf(expectation.text, from);
    from = start < 0 ? -1 : start + expectation.text.length;
  }
  const where = `${doc.name} ${JSON.stringify(expectation.text)} (occurrence ${nth})`;
  assert.ok(start >= 0, `${where}: text not found on\n${describeLine(line)}`);
  const end = start + expectation.text.length;
  const covering = line.tokens.filter((t) => t.startIndex < end && t.endIndex > start);
  const lastEnd = Math.min(covering[covering.length - 1]?.endIndex ?? -1, line.text.length);
  assert.ok(covering.length > 0 && covering[0].startIndex === start && lastEnd === end, `${where}: does not start and end on token boundaries\n${describeLine(line)}`);
  for (const token of covering) {
    const tokenText = JSON.stringify(line.text.slice(token.startIndex, token.endIndex));
    if (expectation.scope !== undefined) assert.ok(hasScope(token.scopes, expectation.scope), `${where}: token ${tokenText} lacks ${expectation.scope}\n${describeLine(line)}`);
    if (expectation.notScope !== undefined) assert.ok(!hasScope(token.scopes, expectation.notScope), `${where}: token ${tokenText} must not carry ${expectation.notScope}\n${describeLine(line)}`);
  }
}

export function checkAll(doc: TokenizedDocument, expectations: readonly Expectation[]): void {
  for (const expectation of expectations) check(doc, expectation);
}
