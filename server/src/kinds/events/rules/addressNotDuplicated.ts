// address-not-duplicated: a {side}.address whose value is not also in {side}.ip (an IP) or {side}.domain (a domain
// name); unix socket paths and anything else stay in .address alone.
import type { FwDiagnostic } from '../../../features/types';
import { addressKind } from '../facts/address';
import { stringAt } from '../eventValues';
import { isRecord } from '../../../features/locate';
import type { Finding, Rule, RuleContext } from '../../../features/rule';
import { composeSteps, setScalar, Step } from '../setField';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

const SIDES = ['client', 'server', 'source', 'destination'] as const;
// Spelt out once: a path built per event is a new string to hash on every lookup.
const ADDRESS_PATHS = SIDES.map((side) => [side, `${side}.address`] as const);

interface FixData {
  path: string;
  value: string;
}

export const addressNotDuplicated: Rule = {
  code: 'address-not-duplicated',
  defaultSeverity: 'warning',
  title: '{side}.address not duplicated to .ip or .domain',
  spec: 'Raw address as seen (IP, domain or unix socket); always stored here, then duplicated to .ip or .domain according to its kind',
  specSource: 'Document 1, Client, Server, Source, Destination fields, {side}.address',
  scope: 'event',
  fixAllTitle: 'Duplicate every address to .ip or .domain in the file',
  check(ctx) {
    const out: Finding[] = [];
    for (const [side, path] of ADDRESS_PATHS) {
      const address = stringAt(ctx.view, path);
      if (!address) continue;
      const kind = addressKind(address.value);
      if (kind.kind !== 'ip' && kind.kind !== 'domain') continue;
      const target = `${side}.${kind.kind}`;
      const value = kind.kind === 'ip' ? kind.ip : address.value.trim();
      const written = ctx.view.value(target);
      if (written?.kind === 'string' && String(written.value).toLowerCase() === value.toLowerCase()) continue;
      const what = kind.kind === 'ip' ? 'an IP' : 'a domain name';
      const problem = written && written.kind !== 'null' ? `but ${target} holds something else` : `but ${target} is not filled`;
      out.push(findingAt(valueSpan(address.node), {
        message: `${side}.address ${quote(address.value)} is ${what}, ${problem}; the address is duplicated to .ip or .domain according to its kind`,
        data: { path: target, value } satisfies FixData,
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const data = fixData(diagnostic);
    const edit = data && composeSteps(ctx.view, ctx.format, [step(data, ctx)]);
    if (!data || !edit) return [];
    return [{ title: `Set ${data.path} to '${data.value}'`, code: addressNotDuplicated.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
  fixEvent(diagnostics, ctx: RuleContext) {
    const steps = diagnostics.map(fixData).filter((d): d is FixData => d !== undefined).map((d) => step(d, ctx));
    const edit = composeSteps(ctx.view, ctx.format, steps);
    return edit ? [edit] : [];
  },
};

function fixData(diagnostic: FwDiagnostic): FixData | undefined {
  const data = diagnostic.data;
  if (!isRecord(data) || typeof data.path !== 'string' || typeof data.value !== 'string') return undefined;
  return { path: data.path, value: data.value };
}

function step(data: FixData, ctx: RuleContext): Step {
  const [side] = data.path.split('.');
  return (view) => setScalar(view, ctx.format, data.path.split('.'), data.value, { beside: `${side}.address` });
}
