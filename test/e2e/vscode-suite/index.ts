// Entry of the extension test suite, on @vscode/test-electron's contract: `run()` resolves when every test passed.
// The same file runs in code-server's extension host (through the workbench's test payload) and under test-electron.
import { readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID, SuiteResults, TestResult } from '../harness/runControl';
import { runControl } from './control';

export function run(): Promise<void> {
  const control = runControl();
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec', grep: control.grep });
  // The suite is bundled one file per test module next to this one.
  for (const file of readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort()) mocha.addFile(path.join(__dirname, file));
  const tests: TestResult[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const results: SuiteResults = {
        mode: control.mode,
        extensionPath: vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? '(not found)',
        vscodeVersion: vscode.version,
        tests,
      };
      writeFileSync(control.resultsFile, `${JSON.stringify(results, null, 2)}\n`);
      if (failures > 0) reject(new Error(`${failures} of ${tests.length} extension tests failed`));
      else resolve();
    });
    runner.on('pass', (test) => tests.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration ?? 0 }));
    runner.on('pending', (test) => tests.push({ title: test.fullTitle(), state: 'pending', durationMs: 0 }));
    runner.on('fail', (test, error: Error) =>
      tests.push({ title: test.fullTitle(), state: 'failed', durationMs: test.duration ?? 0, error: error.stack ?? error.message }),
    );
  });
}
