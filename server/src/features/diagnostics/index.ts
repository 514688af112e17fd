// Placeholder: the diagnostics are being written.
import type { ParsedDocument } from '../../document/model';
import type { FeatureEnv } from '../env';
import type { FwDiagnostic } from '../types';

export function checkDocument(_doc: ParsedDocument, _env: FeatureEnv, _isCancelled?: () => boolean): FwDiagnostic[] {
  return [];
}
