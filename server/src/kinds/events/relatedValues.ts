// What an event holds that belongs in related.ip, related.hosts and related.user, for single-field pivoting.
// related.ip: every field typed ip in the catalog (source/destination/client/server and their nat, host, observer,
// network.forwarded_ip), plus IPs written as {side}.address or url.domain. related.hosts: host names (host.hostname,
// host.name, observer.hostname, {side}.domain, a {side}.address that is a domain, url.domain, tls.client.server_name);
// opaque ids (host.id) and directory names (host.domain, user.domain) are not host names. related.user: the name of
// every placement of the user field set (user, user.target, user.effective, user.changes, {side}.user, host.user);
// of a `DOMAIN\name` composite, the bare name, which is what user.name holds once split (domain-user-name).
import type { FieldDefinition } from '../../catalog/types';
import type { ScalarNode } from '../../document/model';
import { addressKind } from './facts/address';
import { splitDomainName } from '../../features/values/notation';
import type { RuleContext } from '../../features/rule';
import { elementsOf } from '../../features/values/values';

export const RELATED_FIELDS = ['related.ip', 'related.hosts', 'related.user'] as const;
export type RelatedField = (typeof RELATED_FIELDS)[number];

export interface Member {
  /** The value as the event writes it (an IPv6 url.domain without its brackets). */
  value: string;
  /** Where the event writes it (`source.ip`). */
  path: string;
  node: ScalarNode;
}

const SIDES = ['client', 'server', 'source', 'destination'];
const ADDRESSES = new Set(SIDES.map((side) => `${side}.address`));
const HOST_NAMES = new Set(['host.hostname', 'host.name', 'observer.hostname', 'tls.client.server_name', ...SIDES.map((side) => `${side}.domain`)]);

/** What a field's string values give the related fields. */
type Role = 'ip' | 'address' | 'host' | 'user' | 'none';

const roles = new WeakMap<FieldDefinition, Role>();

/** Decided once per field: a field's path is the path it is written at (nested or dotted alike). */
function roleOf(field: FieldDefinition): Role {
  let role = roles.get(field);
  if (role === undefined) {
    const path = field.path;
    if (field.type === 'ip') role = 'ip';
    else if (ADDRESSES.has(path) || path === 'url.domain') role = 'address';
    else if (HOST_NAMES.has(path)) role = 'host';
    else if (field.origin.fieldSet === 'user' && path.endsWith('.name') && path.split('.').length >= 2) role = 'user';
    else role = 'none';
    roles.set(field, role);
  }
  return role;
}

/** The values each related field should hold, first occurrence of each (compared as `sameMember` compares), in document order. */
export function relatedMembers(ctx: RuleContext): Record<RelatedField, Member[]> {
  const members = new Members();
  const infos = ctx.infosWith('field');
  for (let k = 0; k < infos.length; k++) {
    const info = infos[k];
    const field = info.status === 'field' ? info.field : undefined;
    const role = field ? roleOf(field) : 'none';
    if (role === 'none' || !info.ref.value) continue;
    const path = info.path;
    for (const node of elementsOf(info.ref.value)) {
      if (node.kind !== 'string') continue;
      const value = String(node.value);
      if (role === 'ip') {
        const kind = addressKind(value);
        if (kind.kind === 'ip') members.add('related.ip', kind.ip, path, node);
      } else if (role === 'address') {
        const kind = addressKind(value);
        if (kind.kind === 'ip') members.add('related.ip', kind.ip, path, node);
        else if (kind.kind === 'domain') members.add('related.hosts', value, path, node);
      } else if (role === 'host') {
        members.add('related.hosts', value, path, node);
      } else {
        members.add('related.user', splitDomainName(value)?.name ?? value, path, node);
      }
    }
  }
  return members.lists;
}

/** Members in document order, each key once (a class, not a closure per event: the bundle names every closure it creates). */
class Members {
  readonly lists: Record<RelatedField, Member[]> = { 'related.ip': [], 'related.hosts': [], 'related.user': [] };
  /** The keys added so far per field, a set made only for a field that gets a member (a record, not a Map: three names). */
  private readonly seen: Partial<Record<RelatedField, Set<string>>> = {};

  add(field: RelatedField, value: string, path: string, node: ScalarNode): void {
    // "-" is how access logs write "none" (nginx, Apache): no user or host to pivot on.
    const bare = value.trim();
    if (bare === '' || bare === '-') return;
    const key = memberKey(field, value);
    const keys = (this.seen[field] ??= new Set());
    if (keys.has(key)) return;
    keys.add(key);
    this.lists[field].push({ value, path, node });
  }
}

/** How values are told apart: IPs and host names without regard to case (and a host name's trailing dot), user names exactly. */
export function memberKey(field: RelatedField, value: string): string {
  if (field === 'related.user') return value;
  const lower = value.trim().toLowerCase();
  return field === 'related.hosts' && lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
