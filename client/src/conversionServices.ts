// Which conversion service to talk to: fieldwise.conversion.baseUrl, or the embedded one started on first use.
import * as vscode from 'vscode';
import { ConversionClient } from '../../conversion/conversionClient';
import type { EmbeddedService } from '../../conversion/embeddedService';
import { startEmbeddedServiceThread } from '../../conversion/embeddedServiceThread';
import { conversionSettings } from './settings';

export interface ConnectedService {
  client: ConversionClient;
  /** Base URL the client talks to (the embedded service's own when no address is set). */
  baseUrl: string;
  prefix: string;
  embedded: boolean;
}

export class ConversionServices implements vscode.Disposable {
  private embedded: Promise<EmbeddedService> | undefined;

  constructor(
    private readonly templatesDir: () => string | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** A client for the service the settings name; `prefix` overrides fieldwise.conversion.prefix. */
  async connect(options: { prefix?: string; scope?: vscode.ConfigurationScope } = {}): Promise<ConnectedService> {
    const settings = conversionSettings(options.scope);
    const prefix = options.prefix ?? settings.prefix;
    if (settings.baseUrl !== undefined) {
      return { client: new ConversionClient({ baseUrl: settings.baseUrl, prefix, timeoutMs: settings.timeoutMs }), baseUrl: settings.baseUrl, prefix, embedded: false };
    }
    const service = await this.startEmbedded();
    return { client: new ConversionClient({ baseUrl: service.url, prefix, timeoutMs: settings.timeoutMs }), baseUrl: service.url, prefix, embedded: true };
  }

  private startEmbedded(): Promise<EmbeddedService> {
    if (!this.embedded) {
      const templatesDir = this.templatesDir();
      const starting = startEmbeddedServiceThread({ templatesDir }).then(
        (service) => {
          this.log(`embedded conversion service listening on ${service.url}${templatesDir ? ` (templates from ${templatesDir})` : ''}`);
          return service;
        },
        (error: unknown) => {
          // Forget the failed start so the next use tries again.
          this.embedded = undefined;
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`the embedded conversion service did not start: ${message}`);
        },
      );
      this.embedded = starting;
    }
    return this.embedded;
  }

  async close(): Promise<void> {
    const embedded = this.embedded;
    this.embedded = undefined;
    if (!embedded) return;
    const service = await embedded.catch(() => undefined);
    if (service) {
      await service.close();
      this.log('embedded conversion service stopped');
    }
  }

  dispose(): void {
    void this.close();
  }
}
