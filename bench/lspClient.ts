// A minimal LSP client for the benchmark: one server process over stdio, the timings the bench needs, and the
// server's peak memory (VmHWM of /proc/PID/status: the most resident memory the process ever had).
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  ClientCapabilities, createProtocolConnection, DidChangeConfigurationNotification, DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification, DocumentDiagnosticRequest, ExitNotification, InitializedNotification,
  InitializeRequest, ProtocolConnection, PublishDiagnosticsNotification, PublishDiagnosticsParams, ShutdownRequest,
  StreamMessageReader, StreamMessageWriter, Diagnostic, DocumentDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

export interface ServerSpec {
  /** Short name for the table. */
  name: string;
  command: string[];
  capabilities: ClientCapabilities;
  initializationOptions?: unknown;
  /** Sent with workspace/didChangeConfiguration after `initialized` (push-model settings). */
  settings?: unknown;
  /** Answers to workspace/configuration, by section. */
  configuration?: (section: string | undefined) => unknown;
  /** Diagnostics by textDocument/diagnostic (pull) rather than waiting for publishDiagnostics. */
  pull: boolean;
}

export class BenchClient {
  private readonly published: PublishDiagnosticsParams[] = [];
  private waiters: Array<() => void> = [];
  private readonly docs = new Map<string, TextDocument>();
  stderr = '';
  /** The server offers completionItem/resolve (its initialize result says so). */
  resolvesCompletion = false;
  private stopping = false;
  /** Rejects when the server process ends (or cannot start) before stop(): every wait below races it. */
  private readonly ended: Promise<never>;

  private constructor(readonly spec: ServerSpec, readonly child: ChildProcess, readonly connection: ProtocolConnection) {
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.ended = new Promise<never>((_, reject) => {
      // 'close' comes after the process's stdio is drained, so the stderr tail is complete.
      child.once('close', (code, signal) => {
        if (!this.stopping) reject(new Error(`${spec.name}: the server process ended (${signal ? `signal ${signal}` : `exit code ${code}`}); command: ${spec.command.join(' ')}; stderr: ${this.stderrTail()}`));
      });
      child.once('error', (error) => reject(new Error(`${spec.name}: cannot start '${spec.command.join(' ')}': ${error.message}`)));
    });
    // Nobody may be waiting when it ends (e.g. between requests); the next wait reports it.
    this.ended.catch(() => undefined);
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.push(p);
      this.wake();
    });
    connection.onRequest('workspace/configuration', (params: { items: Array<{ section?: string }> }) =>
      params.items.map((item) => spec.configuration?.(item.section) ?? null));
    for (const method of ['client/registerCapability', 'client/unregisterCapability', 'window/workDoneProgress/create',
      'workspace/diagnostic/refresh', 'workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh', 'window/showMessageRequest']) {
      connection.onRequest(method, () => null);
    }
  }

  /** Spawns the server and initializes it; resolves with the client and the start-up time (spawn to initialize result). */
  static async start(spec: ServerSpec, rootUri: string): Promise<{ client: BenchClient; startupMs: number }> {
    const started = performance.now();
    const [cmd, ...args] = spec.command;
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new BenchClient(spec, child, connection);
    connection.listen();
    try {
      const result = await client.alive(connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri,
        workspaceFolders: [{ uri: rootUri, name: 'bench' }],
        capabilities: spec.capabilities,
        initializationOptions: spec.initializationOptions,
      }));
      client.resolvesCompletion = result.capabilities.completionProvider?.resolveProvider === true;
    } catch (error) {
      await client.stop();
      throw error;
    }
    const startupMs = performance.now() - started;
    await connection.sendNotification(InitializedNotification.type, {});
    if (spec.settings !== undefined) await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: spec.settings });
    return { client, startupMs };
  }

  /** `work`, or the server's end if that comes first (a dead server never answers, and nothing else would settle). */
  private alive<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.ended]);
  }

  private stderrTail(): string {
    const tail = this.stderr.trim().split('\n').slice(-15).join('\n');
    return tail === '' ? '(empty)' : `\n${tail}`;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private until<T>(what: string, check: () => T | undefined, ms: number): Promise<T> {
    return this.alive(new Promise((resolve, reject) => {
      const deadline = Date.now() + ms;
      const poll = (): void => {
        const value = check();
        if (value !== undefined) return resolve(value);
        if (Date.now() > deadline) return reject(new Error(`${this.spec.name}: timed out waiting for ${what}; stderr: ${this.stderrTail()}`));
        this.waiters.push(poll);
        setTimeout(() => this.wake(), Math.min(1000, Math.max(0, deadline - Date.now() + 1)));
      };
      poll();
    }));
  }

  document(uri: string): TextDocument {
    return this.docs.get(uri)!;
  }

  /** Opens a document and returns the time until its first diagnostics that hold at least `minimum` problems. */
  async openToDiagnostics(uri: string, languageId: string, text: string, minimum: number, timeoutMs: number): Promise<{ ms: number; diagnostics: Diagnostic[] }> {
    this.docs.set(uri, TextDocument.create(uri, languageId, 1, text));
    const started = performance.now();
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
    const diagnostics = await this.diagnosticsFor(uri, 1, minimum, timeoutMs);
    return { ms: performance.now() - started, diagnostics };
  }

  /** An incremental edit, and the time until diagnostics that hold at least `minimum` problems. */
  async editToDiagnostics(uri: string, start: number, end: number, newText: string, minimum: number, timeoutMs: number): Promise<{ ms: number; diagnostics: Diagnostic[] }> {
    const doc = this.docs.get(uri)!;
    const range = { start: doc.positionAt(start), end: doc.positionAt(end) };
    const next = TextDocument.update(doc, [{ range, text: newText }], doc.version + 1);
    const started = performance.now();
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: next.version }, contentChanges: [{ range, text: newText }],
    });
    const diagnostics = await this.diagnosticsFor(uri, next.version, minimum, timeoutMs);
    return { ms: performance.now() - started, diagnostics };
  }

  private async diagnosticsFor(uri: string, version: number, minimum: number, timeoutMs: number): Promise<Diagnostic[]> {
    const enough = (list: Diagnostic[]): boolean => problemCount(list) >= minimum;
    if (this.spec.pull) {
      const report: DocumentDiagnosticReport = await this.alive(this.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } }));
      const items = report.kind === 'full' ? report.items : [];
      if (!enough(items)) throw new Error(`${this.spec.name}: v${version} has ${items.length} diagnostics, expected at least ${minimum} errors or warnings`);
      return items;
    }
    const seen = this.published.length;
    return this.until(`diagnostics of v${version}`, () => {
      for (let k = this.published.length - 1; k >= seen; k--) {
        const p = this.published[k];
        if (p.uri === uri && (p.version === undefined || p.version === version) && enough(p.diagnostics)) return p.diagnostics;
      }
      return undefined;
    }, timeoutMs);
  }

  /** Time of one request, in ms, and its result. */
  async timed<R>(method: string, params: unknown): Promise<{ ms: number; result: R }> {
    const started = performance.now();
    const result = await this.alive(this.connection.sendRequest<R>(method, params));
    return { ms: performance.now() - started, result };
  }

  /** CPU time (user + system) the server process has used so far, in ms (Linux): what a request cost it, whatever the load. */
  cpuMs(): number {
    // Fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second); the name (field 2) may hold spaces, so count from its ')'.
    const stat = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  }

  /** The most resident memory the server process ever had, in MB (Linux). */
  peakMemoryMb(): number {
    return this.statusMb('VmHWM');
  }

  /** The server process's resident memory now, in MB (Linux). */
  residentMemoryMb(): number {
    return this.statusMb('VmRSS');
  }

  private statusMb(field: 'VmHWM' | 'VmRSS'): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return kb / 1024;
  }

  async stop(): Promise<void> {
    if (this.child.pid === undefined) {
      // It never started ('error' above says why).
      this.connection.dispose();
      return;
    }
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await Promise.race([this.alive(this.connection.sendRequest(ShutdownRequest.type)), new Promise((r) => setTimeout(r, 5000))]);
      this.stopping = true;
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // Already gone: the kill below settles it.
    }
    this.stopping = true;
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    if (this.child.exitCode === null && this.child.signalCode === null) await exited;
    clearTimeout(timer);
    this.connection.dispose();
  }
}

/** Errors and warnings (the JSON server reports schema violations as warnings; hints and information do not count). */
export function problemCount(list: ReadonlyArray<{ severity?: number }>): number {
  return list.filter((d) => (d.severity ?? 1) <= 2).length;
}
