// The servers the bench drives, each set up the way its own editor extension would set it up, with the JSON Schema
// that `fieldwise fields --format json-schema` prints for the peers; plus the "floor" (floorServer.ts) for context.
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { SERVER_EXEC_ARGV } from '../client/src/serverFlags';
import { ClientCapabilities, MarkupKind } from 'vscode-languageserver-protocol';
import type { ServerSpec } from './lspClient';

export const REPO = resolve(__dirname, '..');

/** Capabilities of a VS Code-like client; `pull` adds textDocument/diagnostic support. */
export function capabilities(pull: boolean): ClientCapabilities {
  return {
    workspace: { configuration: false, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: false } },
    textDocument: {
      synchronization: { dynamicRegistration: false },
      completion: {
        // The JSON server offers completion only to a client that declares snippet support.
        completionItem: {
          snippetSupport: true, labelDetailsSupport: true, documentationFormat: [MarkupKind.Markdown, MarkupKind.PlainText],
          // As VS Code 1.9x announces them.
          resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] },
        },
        completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
      },
      hover: { contentFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
      // As VS Code announces it: a code action's edit may come later, from codeAction/resolve.
      codeAction: {
        codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
        isPreferredSupport: true, dataSupport: true, resolveSupport: { properties: ['edit'] },
      },
      publishDiagnostics: { versionSupport: true },
      diagnostic: pull ? { dynamicRegistration: false } : undefined,
    },
  };
}

/** How the bench starts a server: what the LSP client needs, plus the server's own validation delay. */
export interface ServerSetup extends ServerSpec {
  /** The server's own delay before it validates (a debounce), in ms; subtracted for the ratios. */
  delayMs: number;
}

/**
 * Started the way our own VS Code client starts it (client/src/languageClient.ts): node with SERVER_EXEC_ARGV;
 * `checkWorkers` > 0 adds `--check-workers=N` (worker threads sharing the first check, server/src/lsp/parallelCheck.ts).
 */
export function fieldwise(checkWorkers = 0): ServerSetup {
  return {
    name: checkWorkers > 0 ? `fieldwise +${checkWorkers}w` : 'fieldwise',
    command: [process.execPath, ...SERVER_EXEC_ARGV, resolve(REPO, 'dist/server.js'), '--stdio', ...(checkWorkers > 0 ? [`--check-workers=${checkWorkers}`] : [])],
    capabilities: capabilities(true),
    pull: true,
    delayMs: 0,
  };
}

/** Bundles bench/NAME.ts into bench/out/NAME.js, so it runs under plain node like the servers (tsx would add memory and load time). */
export function bundleBenchScript(name: string): string {
  const outfile = resolve(REPO, `bench/out/${name}.js`);
  buildSync({
    entryPoints: [resolve(REPO, `bench/${name}.ts`)], outfile,
    bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning',
    // As scripts/build.mjs bundles the server: jsonc-parser's UMD `main` has requires esbuild cannot follow.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  });
  return outfile;
}

const FLOOR_BUNDLE = resolve(REPO, 'bench/out/floorServer.js');

export function buildFloorServer(): void {
  bundleBenchScript('floorServer');
}

/** The least a Node.js language server can be (see floorServer.ts); started like Fieldwise's, with the same node flags. */
export function floorServer(): ServerSetup {
  const ours = fieldwise();
  return { ...ours, name: 'floor', command: [...ours.command.slice(0, -2), FLOOR_BUNDLE, '--stdio'] };
}

/** VS Code's JSON server, validating with the schema; pull diagnostics skip its 500 ms debounce, push ones do not. */
export function jsonServer(schemaUri: string, pull: boolean): ServerSetup {
  return {
    name: pull ? 'json-ls (pull)' : 'json-ls (push)',
    command: [process.execPath, resolve(REPO, 'node_modules/vscode-langservers-extracted/bin/vscode-json-language-server'), '--stdio'],
    capabilities: capabilities(pull),
    initializationOptions: { provideFormatter: false, handledSchemaProtocols: ['file'] },
    settings: { json: { validate: { enable: true }, schemas: [{ fileMatch: ['bench-*.json'], url: schemaUri }] } },
    pull,
    delayMs: pull ? 0 : 500,
  };
}

/** yaml-language-server, with the schema for the bench's YAML files; it validates 200 ms after a change. */
export function yamlServer(schemaUri: string): ServerSetup {
  const yaml = { validate: true, hover: true, completion: true, schemas: { [schemaUri]: '**/bench-*.yaml' }, schemaStore: { enable: false } };
  return {
    name: 'yaml-ls',
    command: [process.execPath, resolve(REPO, 'node_modules/yaml-language-server/bin/yaml-language-server'), '--stdio'],
    capabilities: capabilities(false),
    // It reads its settings with workspace/configuration whenever told that they changed.
    settings: { yaml },
    configuration: (section) => (section === 'yaml' ? yaml : null),
    pull: false,
    delayMs: 200,
  };
}
