// Files past fieldwise.maxFileSize: the editor gets one information diagnostic at the start saying why the file is
// not analysed and how to raise the limit, and nothing else (no parse, no completion or hover), so a huge file open
// in one tab costs the others nothing.
import type { Diagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { megabytes } from '../document/limits';
import { notAnalysed } from '../features/diagnostics/rules/notAnalysed';
import { formatFromLanguage, formatFromName, matchesEventGlobs } from '../service/detect';
import { SOURCE } from './toLsp';
import type { FieldwiseSettings } from '../service/settings';

/** The limit in characters (the setting is in megabytes). */
export function maxFileChars(settings: FieldwiseSettings): number {
  return settings.maxFileSize * 1024 * 1024;
}

/**
 * Whether an over-limit file would be an event document: judged by its name, globs and language only, since reading
 * its first event is what the limit avoids.
 */
export function oversizeEventFile(settings: FieldwiseSettings, file: string, languageId: string): boolean {
  return matchesEventGlobs(settings, file) || (formatFromName(file) ?? formatFromLanguage(languageId)) !== undefined;
}

/** The one diagnostic of a file past the limit, at its start. */
export function oversizeDiagnostic(settings: FieldwiseSettings, length: number): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    code: notAnalysed.code,
    source: SOURCE,
    message: `This file is ${megabytes(length)}, more than fieldwise.maxFileSize (${settings.maxFileSize} MB): Fieldwise does not analyse it ` +
      '(no checks, completion or hover). Raise fieldwise.maxFileSize in the settings to have it analysed.',
  };
}
