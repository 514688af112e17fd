// Sets the language of a document the server recognised as written in another one than VS Code gave it (a `.conf`
// file whose content is a Logstash pipeline: VS Code picks languages by extension and first line only). A document
// is set once per session: a language the user picks afterwards stands.
import * as vscode from 'vscode';
import type { BaseLanguageClient, ClientCapabilities, FeatureState, StaticFeature } from 'vscode-languageclient';
import { documentLanguageNotification, isDocumentLanguageParams } from './protocol';

export class DocumentLanguageFeature implements StaticFeature {
  private readonly set = new Set<string>();
  private listener: vscode.Disposable | undefined;

  constructor(private readonly client: BaseLanguageClient, private readonly output: vscode.LogOutputChannel) {}

  fillClientCapabilities(capabilities: ClientCapabilities): void {
    const experimental = (capabilities.experimental ?? {}) as Record<string, unknown>;
    const fieldwise = (experimental.fieldwise ?? {}) as Record<string, unknown>;
    capabilities.experimental = { ...experimental, fieldwise: { ...fieldwise, documentLanguage: true } };
  }

  initialize(): void {
    this.listener = this.client.onNotification(documentLanguageNotification, (params: unknown) => void this.apply(params));
  }

  getState(): FeatureState {
    return { kind: 'static' };
  }

  clear(): void {
    this.listener?.dispose();
    this.listener = undefined;
  }

  private async apply(params: unknown): Promise<void> {
    if (!isDocumentLanguageParams(params)) {
      this.output.warn(`fieldwise/documentLanguage with unexpected params: ${JSON.stringify(params)}`);
      return;
    }
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === params.uri);
    if (!document || document.languageId === params.languageId || this.set.has(params.uri)) return;
    this.set.add(params.uri);
    try {
      await vscode.languages.setTextDocumentLanguage(document, params.languageId);
      this.output.info(`${document.uri.fsPath}: opened as ${params.languageId} (its content is)`);
    } catch (error) {
      this.output.error(`could not set the language of ${document.uri.fsPath} to ${params.languageId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
