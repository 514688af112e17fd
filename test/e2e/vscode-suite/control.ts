// The run's control file, named by $FIELDWISE_E2E_CONTROL (set on code-server, or by runVscodeTests.ts).
import { readFileSync } from 'node:fs';
import { CONTROL_ENV, isRunControl, RunControl } from '../harness/runControl';

let cached: RunControl | undefined;

export function runControl(): RunControl {
  if (cached) return cached;
  const file = process.env[CONTROL_ENV];
  if (!file) throw new Error(`${CONTROL_ENV} is not set: run the suite through test/e2e/vscode.test.ts or test/e2e/runVscodeTests.ts`);
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isRunControl(value)) throw new Error(`${file} is not a run control file: ${JSON.stringify(value).slice(0, 300)}`);
  cached = value;
  return value;
}
