// `fieldwise check --format text`: one line per diagnostic, compiler style: file:line:col severity code message (1-based).
import type { CheckedFile } from './checkReport';

export function renderCheckText(files: readonly CheckedFile[]): string {
  const lines: string[] = [];
  for (const f of files) {
    for (const d of f.diagnostics) {
      lines.push(`${f.file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code} ${d.message.replace(/\r?\n/g, ' ')}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
