// `fieldwise check --format github`: one GitHub Actions workflow command per finding (`::error file=...,line=...::`),
// which the runner turns into annotations on the file and line of a pull request. Values are escaped as the runner
// reads them: `%`, CR and LF in the message; also `:` and `,` in the properties.
import type { Severity } from '../../features/types';
import type { CheckedFile } from './checkReport';

type Command = 'error' | 'warning' | 'notice';

function command(severity: Severity): Command {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'notice';
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Paths are the report's (relative to the folder the run ran in: the repository root in CI); lines and columns 1-based. */
export function renderCheckGithub(files: readonly CheckedFile[]): string {
  const lines: string[] = [];
  for (const f of files) {
    for (const d of f.diagnostics) {
      const properties = [
        ['file', f.uriPath],
        ['line', String(d.range.start.line + 1)],
        ['endLine', String(d.range.end.line + 1)],
        ['col', String(d.range.start.character + 1)],
        ['endColumn', String(d.range.end.character + 1)],
        ['title', `fieldwise ${d.code}`],
      ].map(([name, value]) => `${name}=${escapeProperty(value)}`).join(',');
      lines.push(`::${command(d.severity)} ${properties}::${escapeData(d.message)}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
