// Files past fieldwise.maxFileSize: the editor gets one information diagnostic at the start saying why the file is
// not analysed and how to raise the limit, and nothing else (no parse, no completion or hover), so a huge file open
// in one tab costs the others nothing.
import type { Diagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import type { LanguageService } from '../service/languageService';
import { readableByName } from '../service/detect';
import { SOURCE } from './toLsp';
import type { FieldwiseSettings } from '../service/settings';

/** The limit in characters (the setting is in megabytes). */
export function maxFileChars(settings: FieldwiseSettings): number {
  return settings.maxFileSize * 1024 * 1024;
}

/** Whether an over-limit file would be read: judged by its name, globs and language only, since reading its content is what the limit avoids. */
export function readByName(settings: FieldwiseSettings, file: string, languageId: string): boolean {
  return readableByName(settings, file, languageId);
}

/** The one diagnostic of a file past the limit, at its start (the service words it). */
export function oversizeDiagnostic(service: LanguageService, length: number): Diagnostic {
  const finding = service.oversizeFinding(length);
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    code: finding.code,
    source: SOURCE,
    message: finding.message,
  };
}
