// `fieldwise check --format json`: one array of {file, range, severity, code, message}; positions 0-based UTF-16, as in LSP.
import type { CheckedFile } from './checkReport';

export function renderCheckJson(files: readonly CheckedFile[]): string {
  const writer = new CheckJsonWriter();
  return writer.files(files) + writer.end();
}

/**
 * The same report in pieces, file by file, for a run that writes as it goes: the pieces joined are `renderCheckJson`'s
 * text, byte for byte (an element is indented as `JSON.stringify(rows, null, 2)` indents it; no JSON string holds a
 * raw line break, so re-indenting its lines is exact).
 */
export class CheckJsonWriter {
  private rows = 0;

  files(files: readonly CheckedFile[]): string {
    let out = '';
    for (const f of files) {
      for (const d of f.diagnostics) {
        const row = { file: f.file, range: d.range, severity: d.severity, code: d.code, message: d.message };
        out += `${this.rows++ === 0 ? '[\n' : ',\n'}  ${JSON.stringify(row, null, 2).replace(/\n/g, '\n  ')}`;
      }
    }
    return out;
  }

  end(): string {
    return this.rows === 0 ? '[]\n' : '\n]\n';
  }
}
