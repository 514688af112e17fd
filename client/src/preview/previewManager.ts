// The open wikitext previews, one per document.
import * as vscode from 'vscode';
import { ConversionServices } from '../conversionServices';
import { PREVIEW_VIEW_TYPE, PreviewPanel, PreviewSnapshot } from './previewPanel';

export class PreviewManager implements vscode.Disposable {
  private readonly panels = new Map<string, PreviewPanel>();
  private readonly updated = new vscode.EventEmitter<PreviewSnapshot>();
  /** Fires after every render of any preview. */
  readonly onDidUpdate = this.updated.event;

  constructor(private readonly services: ConversionServices) {}

  /** Opens the document's preview beside it, or reveals the open one (with a new page name, if given). */
  open(document: vscode.TextDocument, page: string): PreviewPanel {
    const key = document.uri.toString();
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal(page);
      return existing;
    }
    const webviewPanel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      `Preview ${page}`,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      // The script is the extension's own (by nonce); no local files are served to the webview.
      { enableScripts: true, enableCommandUris: false, enableForms: false, localResourceRoots: [] },
    );
    const panel = new PreviewPanel(webviewPanel, document, page, this.services);
    this.panels.set(key, panel);
    panel.onDidUpdate((snapshot) => this.updated.fire(snapshot));
    panel.onDidClose(() => this.panels.delete(key));
    return panel;
  }

  snapshot(uri: vscode.Uri): PreviewSnapshot | undefined {
    return this.panels.get(uri.toString())?.snapshot;
  }

  pageOf(uri: vscode.Uri): string | undefined {
    return this.panels.get(uri.toString())?.snapshot.page;
  }

  dispose(): void {
    [...this.panels.values()].forEach((panel) => panel.dispose());
    this.panels.clear();
    this.updated.dispose();
  }
}
