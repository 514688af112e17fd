// How a failed conversion is told to the user: what was being done, and the service's or client's own reason.
import * as vscode from 'vscode';
import { ConversionError } from '../../conversion/conversionClient';

const SETTINGS_KINDS = new Set(['unreachable', 'timeout', 'not-available', 'unauthorized', 'redirect-host', 'bad-request']);

export function failureMessage(action: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Fieldwise: ${action} failed: ${reason}`;
}

/** Shows the failure as an error notification; offers the conversion settings when they are the likely fix. */
export async function showConversionFailure(action: string, error: unknown): Promise<void> {
  const offerSettings = error instanceof ConversionError && SETTINGS_KINDS.has(error.kind);
  const choice = offerSettings
    ? await vscode.window.showErrorMessage(failureMessage(action, error), 'Open Settings')
    : await vscode.window.showErrorMessage(failureMessage(action, error));
  if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', 'fieldwise.conversion');
}

export function isCancellation(error: unknown): boolean {
  return error instanceof ConversionError && error.kind === 'cancelled';
}
