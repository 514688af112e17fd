// server-name-not-copied: tls.client.server_name set while destination.domain is not; the fix copies it.
import { prefersDotted, setScalar } from '../setField';
import { isPresent, stringAt } from '../eventValues';
import { isRecord } from '../../../features/locate';
import type { Rule } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

const SERVER_NAME = 'tls.client.server_name';
const DOMAIN = ['destination', 'domain'] as const;

export const serverNameNotCopied: Rule = {
  code: 'server-name-not-copied',
  defaultSeverity: 'warning',
  title: 'Server name not copied to destination.domain',
  spec: 'Server name indication; when available copy to destination.domain',
  specSource: 'Document 2, TLS fields, tls.client.server_name',
  scope: 'event',
  check(ctx) {
    const sni = stringAt(ctx.view, SERVER_NAME);
    if (!sni || sni.value.trim() === '' || isPresent(ctx.view, DOMAIN.join('.'))) return [];
    return [findingAt(valueSpan(sni.node), {
      message: `${SERVER_NAME} is ${quote(sni.value)} but destination.domain is not set; the server name is copied to destination.domain`,
      data: { domain: sni.value },
    })];
  },
  fixes(diagnostic, ctx) {
    const data = diagnostic.data;
    if (!isRecord(data) || typeof data.domain !== 'string') return [];
    // The new key joins the destination object as its other keys are spelt (nested or dotted).
    const sibling = ctx.view.refs.find((ref) => ref.path.length === 2 && ref.path[0] === DOMAIN[0]);
    const edit = setScalar(ctx.view, ctx.format, DOMAIN, data.domain, { beside: sibling?.path.join('.'), dotted: prefersDotted(ctx) });
    if (!edit) return [];
    return [{ title: `Copy '${data.domain}' to destination.domain`, code: serverNameNotCopied.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
};
