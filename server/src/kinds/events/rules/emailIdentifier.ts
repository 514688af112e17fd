// email-identifier: a user identified by an email address (in user.id, in user.name with no id, or only in
// user.email) without that address in both user.id and user.email; the fix fills the missing one.
import { childPath, EventView } from '../../../document/fieldRefs';
import { isPresent, Located, stringAt } from '../eventValues';
import { isRecord, stringList } from '../../../features/locate';
import { isEmail } from '../../../features/values/notation';
import type { Finding, Rule } from '../../../features/rule';
import { composeSteps, setScalar, Step } from '../setField';
import { placementsWritten } from '../setPlacements';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

/** user.changes describes changes made to a user, not who the user is. */
const NOT_AN_IDENTITY = new Set(['user.changes']);

export const emailIdentifier: Rule = {
  code: 'email-identifier',
  defaultSeverity: 'information',
  title: 'Email identifier not in both user.id and user.email',
  spec: 'When an email address is the main identifier, both user.id and user.email are populated with it.',
  specSource: 'Document 2, User field mapping guidance, rule 5',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const prefix of placementsWritten(ctx, 'user')) {
      if (NOT_AN_IDENTITY.has(prefix)) continue;
      const found = emailIdentity(ctx.view, prefix);
      if (!found) continue;
      const missing = found.missing.map((m) => `${prefix}.${m}`);
      out.push(findingAt(valueSpan(found.at.node), {
        message: `${found.at.ref.path.join('.')} identifies the user by the email address ${quote(found.email)}; with an email as the main identifier, ${missing.join(' and ')} ${missing.length > 1 ? 'hold' : 'holds'} it too`,
        data: { prefix, email: found.email, missing: found.missing, beside: found.at.ref.path.join('.') },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const data = diagnostic.data;
    if (!isRecord(data) || typeof data.prefix !== 'string' || typeof data.email !== 'string' || typeof data.beside !== 'string') return [];
    const { prefix, email, beside } = data as { prefix: string; email: string; beside: string };
    const missing = stringList(data.missing);
    const steps = missing.map((name): Step => (view) => setScalar(view, ctx.format, [...prefix.split('.'), name], email, { beside }));
    const edit = composeSteps(ctx.view, ctx.format, steps);
    if (!edit) return [];
    return [{ title: `Fill ${missing.map((m) => `${prefix}.${m}`).join(' and ')} with '${email}'`, code: emailIdentifier.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
};

/** The email a user placement is identified by, where it is written, and which of id and email lack it. */
function emailIdentity(view: EventView, prefix: string): { email: string; at: Located<string>; missing: Array<'id' | 'email'> } | undefined {
  const id = stringAt(view, childPath(prefix, 'id'));
  const email = stringAt(view, childPath(prefix, 'email'));
  const name = stringAt(view, childPath(prefix, 'name'));
  const hasId = isPresent(view, childPath(prefix, 'id'));
  const hasEmail = isPresent(view, childPath(prefix, 'email'));
  // The id is an address: the address is the identifier.
  if (id && isEmail(id.value)) return hasEmail ? undefined : { email: id.value, at: id, missing: ['email'] };
  if (hasId) return undefined;
  // No id, and the login name is an address: it is the identifier (unless user.email says otherwise).
  if (name && isEmail(name.value) && (!hasEmail || email?.value === name.value)) {
    return { email: name.value, at: name, missing: hasEmail ? ['id'] : ['id', 'email'] };
  }
  // No id and no name: the address is the only identifier.
  if (email && isEmail(email.value) && !isPresent(view, childPath(prefix, 'name'))) return { email: email.value, at: email, missing: ['id'] };
  return undefined;
}
