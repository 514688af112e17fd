// `npm run test:vscode`: the same extension suite under @vscode/test-electron, for machines that can download VS Code
// (this one cannot; here test/e2e/vscode.test.ts runs the suite in code-server instead).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildSuite, REPO_ROOT } from './harness/buildSuite';
import { TEST_USER_SETTINGS } from './harness/codeServer';
import { startParsoid } from '../integration/parsoid-server';
import { CONTROL_ENV, RunControl } from './harness/runControl';

async function main(): Promise<void> {
  const suiteIndex = await buildSuite();
  const root = mkdtempSync(path.join(tmpdir(), 'fieldwise-vscode-'));
  const workspace = path.join(root, 'workspace');
  cpSync(path.join(__dirname, 'fixtures', 'workspace'), workspace, { recursive: true });
  const userData = path.join(root, 'user-data');
  mkdirSync(path.join(userData, 'User'), { recursive: true });
  writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(TEST_USER_SETTINGS, null, 2));
  const parsoid = await startParsoid();
  const control: RunControl = {
    mode: 'development',
    expectedExtensionRoot: REPO_ROOT,
    resultsFile: path.join(root, 'results.json'),
    parsoidUrl: parsoid.url,
    workspace,
    grep: process.env.FIELDWISE_E2E_GREP || undefined,
  };
  const controlFile = path.join(root, 'control.json');
  writeFileSync(controlFile, JSON.stringify(control, null, 2));
  try {
    await runTests({
      version: process.env.FIELDWISE_VSCODE_VERSION || 'stable',
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: suiteIndex,
      extensionTestsEnv: { [CONTROL_ENV]: controlFile },
      launchArgs: [workspace, '--user-data-dir', userData, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
  } finally {
    await parsoid.stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
