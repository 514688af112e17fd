// One wikitext preview: a webview beside the editor that shows the service's HTML for the document, as you type.
import * as vscode from 'vscode';
import { ConversionServices } from '../conversionServices';
import { failureMessage, isCancellation, showConversionFailure } from '../conversionFailure';
import { previewSettings, SECTION } from '../settings';
import { resolveLink, servicePageUrl } from './links';
import { isFromWebview, ToWebview } from './webviewProtocol';
import { webviewPage } from './webviewHtml';

export const PREVIEW_VIEW_TYPE = 'fieldwise.wikitextPreview';

/** What the preview shows now; the e2e suite reads it through the extension's API. */
export interface PreviewSnapshot {
  document: string;
  page: string;
  /** Body HTML the service returned for the last successful render. */
  html?: string;
  /** The message the preview shows for the last failed render, if the last render failed. */
  error?: string;
  /** Base URL of the service that answered. */
  service?: string;
  /** Renders finished (successful or not). */
  renders: number;
  /** Whether the webview script has put the last successful render on screen. */
  displayed: boolean;
  /** Whether a render is waiting for its debounce time or for the service. */
  pending: boolean;
}

export class PreviewPanel implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly updated = new vscode.EventEmitter<PreviewSnapshot>();
  readonly onDidUpdate = this.updated.event;
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closed.event;
  private debounce: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private lastMessage: ToWebview | undefined;
  private lastNotified: string | undefined;
  private state: PreviewSnapshot;
  private disposed = false;

  constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly document: vscode.TextDocument,
    private page: string,
    private readonly services: ConversionServices,
  ) {
    this.state = { document: document.uri.toString(), page, renders: 0, displayed: false, pending: false };
    this.setPage();
    this.subscriptions.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => this.onMessage(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && previewSettings(this.document.uri).live) this.schedule();
      }),
      vscode.workspace.onDidSaveTextDocument((saved) => {
        if (saved === this.document && !previewSettings(this.document.uri).live) void this.render();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${SECTION}.preview.allowImages`, this.document.uri)) this.setPage();
        if (event.affectsConfiguration(`${SECTION}.conversion`, this.document.uri)) void this.render();
      }),
    );
    void this.render();
  }

  get snapshot(): PreviewSnapshot {
    return { ...this.state, pending: this.debounce !== undefined || this.inFlight !== undefined };
  }

  get uri(): vscode.Uri {
    return this.document.uri;
  }

  reveal(page: string | undefined): void {
    this.panel.reveal(vscode.ViewColumn.Beside, true);
    if (page !== undefined && page !== this.page) {
      this.page = page;
      this.panel.title = title(page);
      void this.render();
    }
  }

  /** (Re)loads the webview page; its script asks for the content again when ready. */
  private setPage(): void {
    this.panel.title = title(this.page);
    this.panel.webview.html = webviewPage({
      cspSource: this.panel.webview.cspSource,
      allowImages: previewSettings(this.document.uri).allowImages,
      title: this.page,
    });
  }

  private schedule(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.render();
    }, previewSettings(this.document.uri).debounceMs);
  }

  /** Converts the document's current text; a newer render cancels an older one still waiting for the service. */
  async render(): Promise<void> {
    clearTimeout(this.debounce);
    this.debounce = undefined;
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const page = this.page;
    const text = this.document.getText();
    void this.post({ type: 'busy', page });
    try {
      const service = await this.services.connect({ scope: this.document.uri });
      const html = await service.client.wikitextToHtml(page, text, { bodyOnly: true, signal: controller.signal });
      if (controller.signal.aborted || this.disposed) return;
      const pageUrl = servicePageUrl(service.baseUrl, service.prefix, page);
      this.lastNotified = undefined;
      this.state = { ...this.state, page, html, error: undefined, service: service.baseUrl, renders: this.state.renders + 1, displayed: false };
      await this.post({ type: 'render', html, page, pageUrl, allowImages: previewSettings(this.document.uri).allowImages });
    } catch (error) {
      if (controller.signal.aborted || this.disposed || isCancellation(error)) return;
      const message = failureMessage(`preview of '${page}'`, error);
      this.state = { ...this.state, page, error: message, renders: this.state.renders + 1 };
      await this.post({ type: 'error', message });
      // While typing, the same failure would repeat on every pause: say it once until a render succeeds or it changes.
      if (message !== this.lastNotified) {
        this.lastNotified = message;
        void showConversionFailure(`preview of '${page}'`, error);
      }
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
    this.updated.fire(this.snapshot);
  }

  private async post(message: ToWebview): Promise<void> {
    if (message.type !== 'busy') this.lastMessage = message;
    if (!this.disposed) await this.panel.webview.postMessage(message);
  }

  private onMessage(message: unknown): void {
    if (!isFromWebview(message)) return;
    switch (message.type) {
      case 'ready':
        // A fresh webview page (first load, or reloaded after being hidden): give it the latest content.
        if (this.lastMessage) void this.panel.webview.postMessage(this.lastMessage);
        break;
      case 'rendered':
        if (this.state.html !== undefined && this.state.error === undefined) {
          this.state = { ...this.state, displayed: true };
          this.updated.fire(this.snapshot);
        }
        break;
      case 'openLink':
        void this.openLink(message.href);
        break;
    }
  }

  private async openLink(href: string): Promise<void> {
    const base = this.lastMessage?.type === 'render' ? this.lastMessage.pageUrl : undefined;
    const target = base ? resolveLink(href, base) : { open: false as const, reason: 'the preview has no page address yet' };
    if (!target.open) {
      void vscode.window.showWarningMessage(`Fieldwise: not opening the link: ${target.reason}.`);
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(target.url, true));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.debounce);
    this.inFlight?.abort();
    this.subscriptions.forEach((subscription) => { subscription.dispose(); });
    this.panel.dispose();
    this.closed.fire();
    this.closed.dispose();
    this.updated.dispose();
  }
}

function title(page: string): string {
  return `Preview ${page}`;
}
