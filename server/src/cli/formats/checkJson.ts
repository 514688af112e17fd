// `fieldwise check --format json`: one array of {file, range, severity, code, message}; positions 0-based UTF-16, as in LSP.
import type { CheckedFile } from './checkReport';

export function renderCheckJson(files: readonly CheckedFile[]): string {
  const rows = files.flatMap((f) => f.diagnostics.map((d) => ({ file: f.file, range: d.range, severity: d.severity, code: d.code, message: d.message })));
  return `${JSON.stringify(rows, null, 2)}\n`;
}
