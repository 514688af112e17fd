// What the harness tells the extension test suite about a run (a JSON file named by $FIELDWISE_E2E_CONTROL),
// and what the suite reports back (a JSON results file). Shared by both sides.

export const CONTROL_ENV = 'FIELDWISE_E2E_CONTROL';
export const EXTENSION_ID = 'fieldwise.fieldwise';

export interface RunControl {
  /** development: the extension from the repository (extensionDevelopmentPath); vsix: the one installed from fieldwise.vsix. */
  mode: 'development' | 'vsix';
  /** Folder the extension under test must be loaded from (the repository, or inside the extensions folder). */
  expectedExtensionRoot: string;
  /** Where the suite writes its SuiteResults. */
  resultsFile: string;
  /** The real Parsoid (version 1 interface) the wikitext tests talk to. */
  parsoidUrl: string;
  /** The workspace folder the window has open (a copy of test/e2e/fixtures/workspace). */
  workspace: string;
  /** Mocha --grep, to run part of the suite. */
  grep?: string;
}

export interface TestResult {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs: number;
  error?: string;
}

export interface SuiteResults {
  mode: RunControl['mode'];
  extensionPath: string;
  vscodeVersion: string;
  tests: TestResult[];
}

export function isRunControl(value: unknown): value is RunControl {
  if (typeof value !== 'object' || value === null) return false;
  const control = value as Record<string, unknown>;
  return (
    (control.mode === 'development' || control.mode === 'vsix') &&
    typeof control.expectedExtensionRoot === 'string' &&
    typeof control.resultsFile === 'string' &&
    typeof control.parsoidUrl === 'string' &&
    typeof control.workspace === 'string' &&
    (control.grep === undefined || typeof control.grep === 'string')
  );
}

export function isSuiteResults(value: unknown): value is SuiteResults {
  if (typeof value !== 'object' || value === null) return false;
  const results = value as Record<string, unknown>;
  return typeof results.extensionPath === 'string' && Array.isArray(results.tests);
}
