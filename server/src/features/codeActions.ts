// Placeholder: quick fixes are being written.
import type { ParsedDocument, Span } from '../document/model';
import type { FeatureEnv } from './env';
import type { FwDiagnostic, QuickFix } from './types';

export function codeActions(_doc: ParsedDocument, _env: FeatureEnv, _range: Span, _diagnostics: FwDiagnostic[]): QuickFix[] {
  return [];
}
