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
  /** The node flags of its process (also in `command`), printed beside its figures. */
  nodeFlags: readonly string[];
}

/** A build of Fieldwise the bench can start: this checkout's, or another commit's (bench/otherBuild.ts). */
export interface FieldwiseBuild {
  /** Its name in the tables. */
  label: string;
  /** The checkout whose dist/server.js runs. */
  root: string;
  /** The node flags that checkout's VS Code client starts the server with (its client/src/serverFlags.ts). */
  nodeFlags: readonly string[];
}

/** This checkout's build, as `npm run build` left it in dist/. */
export const THIS_BUILD: FieldwiseBuild = { label: 'fieldwise', root: REPO, nodeFlags: SERVER_EXEC_ARGV };

export interface FieldwiseStart {
  build?: FieldwiseBuild;
  /** Node flags other than the build's own (the rows where every server gets the same flags). */
  nodeFlags?: readonly string[];
}

/**
 * Started the way our own VS Code client starts it (client/src/languageClient.ts): node with the build's flags,
 * SERVER_EXEC_ARGV for this checkout, unless `nodeFlags` says otherwise.
 */
export function fieldwise(start: FieldwiseStart = {}): ServerSetup {
  const build = start.build ?? THIS_BUILD;
  const nodeFlags = start.nodeFlags ?? build.nodeFlags;
  const own = sameFlags(nodeFlags, build.nodeFlags);
  return {
    name: `${build.label}${own ? '' : ` (node flags: ${describeFlags(nodeFlags)})`}`,
    command: [process.execPath, ...nodeFlags, resolve(build.root, 'dist/server.js'), '--stdio'],
    capabilities: capabilities(true),
    pull: true,
    delayMs: 0,
    nodeFlags,
  };
}

const sameFlags = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((flag, i) => flag === b[i]);

/** A server's node flags in a table: `tuned` for Fieldwise's own (FLAGS_LEGEND), `none` for Node's defaults. */
export function describeFlags(flags: readonly string[]): string {
  if (flags.length === 0) return 'none';
  return sameFlags(flags, SERVER_EXEC_ARGV) ? 'tuned' : flags.join(' ');
}

/** What the names describeFlags gives mean, for the tables' notes. */
export const FLAGS_LEGEND = `node flags: tuned = ${SERVER_EXEC_ARGV.join(' ')} (client/src/serverFlags.ts: how Fieldwise's VS Code ` +
  "client starts its server); none = Node's defaults, how VS Code's JSON extension and vscode-yaml start theirs.";

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
  return { ...ours, name: 'floor', command: [process.execPath, ...ours.nodeFlags, FLOOR_BUNDLE, '--stdio'] };
}

/** The peers' node flags: Node's defaults, as VS Code's JSON extension and vscode-yaml start them (no execArgv in their run options). */
export const PEER_FLAGS: readonly string[] = [];

/** VS Code's JSON server, validating with the schema; pull diagnostics skip its 500 ms debounce, push ones do not. */
export function jsonServer(schemaUri: string, pull: boolean): ServerSetup {
  const nodeFlags = PEER_FLAGS;
  return {
    name: pull ? 'json-ls (pull)' : 'json-ls (push)',
    command: [process.execPath, ...nodeFlags, resolve(REPO, 'node_modules/vscode-langservers-extracted/bin/vscode-json-language-server'), '--stdio'],
    capabilities: capabilities(pull),
    initializationOptions: { provideFormatter: false, handledSchemaProtocols: ['file'] },
    settings: { json: { validate: { enable: true }, schemas: [{ fileMatch: ['bench-*.json'], url: schemaUri }] } },
    pull,
    delayMs: pull ? 0 : 500,
    nodeFlags,
  };
}

/** yaml-language-server, with the schema for the bench's YAML files; it validates 200 ms after a change. */
export function yamlServer(schemaUri: string): ServerSetup {
  const nodeFlags = PEER_FLAGS;
  const yaml = { validate: true, hover: true, completion: true, schemas: { [schemaUri]: '**/bench-*.yaml' }, schemaStore: { enable: false } };
  return {
    name: 'yaml-ls',
    command: [process.execPath, ...nodeFlags, resolve(REPO, 'node_modules/yaml-language-server/bin/yaml-language-server'), '--stdio'],
    capabilities: capabilities(false),
    // It reads its settings with workspace/configuration whenever told that they changed.
    settings: { yaml },
    configuration: (section) => (section === 'yaml' ? yaml : null),
    pull: false,
    delayMs: 200,
    nodeFlags,
  };
}
