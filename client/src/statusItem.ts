// The language status item of event documents: schema version and the number of custom fields loaded.
import * as vscode from 'vscode';
import { serverLanguageSelector } from './documentSelector';
import { LanguageServer } from './languageServer';
import { FieldwiseStatus } from './protocol';
import { RESTART_COMMAND, SHOW_OUTPUT_COMMAND } from './languageClient';
import { SECTION } from './settings';

export const STATUS_ITEM_ID = 'fieldwise.status';

export function statusText(status: FieldwiseStatus): string {
  const fields = status.customFieldCount === 1 ? '1 custom field' : `${status.customFieldCount} custom fields`;
  return `Schema ${status.schemaVersion} · ${fields}`;
}

export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private generation = 0;
  private latest: FieldwiseStatus | undefined;

  constructor(private readonly server: LanguageServer) {
    // The server's languages: the item shows beside the documents the server handles (a `.conf` file once it is Logstash).
    this.item = vscode.languages.createLanguageStatusItem(STATUS_ITEM_ID, serverLanguageSelector);
    this.item.name = 'Fieldwise';
    this.show({ text: 'Fieldwise: starting', busy: true });
    this.subscriptions.push(
      server.onDidChangeState(() => void this.refresh()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SECTION)) void this.refresh();
      }),
      // The answer is per workspace folder: the active document's.
      vscode.window.onDidChangeActiveTextEditor(() => void this.refresh()),
      // Custom definitions are YAML files the server re-reads on save.
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.languageId === 'yaml') void this.refresh();
      }),
    );
  }

  /** What the item showed last, for the e2e suite. */
  get current(): { text: string; detail?: string; status?: FieldwiseStatus } {
    return { text: this.item.text, detail: this.item.detail, status: this.latest };
  }

  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const state = this.server.state;
    if (state !== 'running') {
      this.latest = undefined;
      this.show(
        state === 'starting'
          ? { text: 'Fieldwise: starting', busy: true }
          : { text: 'Fieldwise: server stopped', severity: vscode.LanguageStatusSeverity.Error, command: { title: 'Restart', command: RESTART_COMMAND } },
      );
      return;
    }
    try {
      const status = await this.server.status(vscode.window.activeTextEditor?.document.uri);
      if (generation !== this.generation) return;
      this.latest = status;
      this.show({ text: statusText(status), detail: 'Fieldwise field schema', command: { title: 'Show Output', command: SHOW_OUTPUT_COMMAND } });
    } catch (error) {
      if (generation !== this.generation) return;
      this.latest = undefined;
      const message = error instanceof Error ? error.message : String(error);
      this.show({
        text: 'Fieldwise: status unavailable',
        detail: message,
        severity: vscode.LanguageStatusSeverity.Warning,
        command: { title: 'Show Output', command: SHOW_OUTPUT_COMMAND },
      });
    }
  }

  private show(view: { text: string; detail?: string; busy?: boolean; severity?: vscode.LanguageStatusSeverity; command?: vscode.Command }): void {
    this.item.text = view.text;
    this.item.detail = view.detail;
    this.item.busy = view.busy ?? false;
    this.item.severity = view.severity ?? vscode.LanguageStatusSeverity.Information;
    this.item.command = view.command;
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => { subscription.dispose(); });
    this.item.dispose();
  }
}
