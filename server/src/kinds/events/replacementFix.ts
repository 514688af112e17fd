// The quick fix many value rules share: write the value the finding computed (`data.replacement`) over the
// value the diagnostic points at, keeping the document's quoting.
import type { PlainScalar } from '../../document/syntaxes/writer';
import { replaceValue } from './edits';
import type { FwDiagnostic, QuickFix } from '../../features/types';
import { isRecord, valueAt } from '../../features/locate';
import type { RuleContext } from '../../features/rule';

/** The `data` of a finding whose fix writes `replacement`. */
export interface Replacement {
  replacement: PlainScalar;
}

function isScalar(value: unknown): value is PlainScalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** One preferred fix writing `data.replacement` over the diagnostic's value; none when the value or the data is gone. */
export function replacementFix(code: string, diagnostic: FwDiagnostic, ctx: RuleContext, title: (value: PlainScalar) => string): QuickFix[] {
  const found = valueAt(ctx.view, diagnostic);
  const data = diagnostic.data;
  if (!found || !isRecord(data) || !isScalar(data.replacement)) return [];
  const value = data.replacement;
  return [{ title: title(value), code, kind: 'quickfix', isPreferred: true, edits: [replaceValue(ctx.format, found.node, value)] }];
}
