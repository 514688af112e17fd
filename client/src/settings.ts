// The `fieldwise.*` settings the client itself reads (the server reads the rest through synchronize).
import * as vscode from 'vscode';

export const SECTION = 'fieldwise';

export interface ConversionSettings {
  /** Base URL of a conversion service; undefined means the embedded service. */
  baseUrl: string | undefined;
  prefix: string;
  timeoutMs: number;
}

export interface PreviewSettings {
  live: boolean;
  debounceMs: number;
  allowImages: boolean;
}

export const DEFAULT_PREFIX = 'enwiki';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_DEBOUNCE_MS = 300;

export function conversionSettings(scope?: vscode.ConfigurationScope): ConversionSettings {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  const baseUrl = config.get<string>('conversion.baseUrl', '').trim();
  return {
    baseUrl: baseUrl === '' ? undefined : baseUrl,
    prefix: config.get<string>('conversion.prefix', DEFAULT_PREFIX).trim() || DEFAULT_PREFIX,
    timeoutMs: positiveNumber(config.get<number>('conversion.timeout'), DEFAULT_TIMEOUT_MS),
  };
}

export function previewSettings(scope?: vscode.ConfigurationScope): PreviewSettings {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  return {
    live: config.get<boolean>('preview.live', true),
    debounceMs: nonNegativeNumber(config.get<number>('preview.debounce'), DEFAULT_DEBOUNCE_MS),
    allowImages: config.get<boolean>('preview.allowImages', false),
  };
}

function positiveNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegativeNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
