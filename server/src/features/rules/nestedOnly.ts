// nested-only: a field set that is valid only when nested (geo, as, os, hash, interface) used at the root.
import type { Finding, Rule } from '../rule';
import { findingAt, keySpanFrom } from '../values/values';

export const nestedOnly: Rule = {
  code: 'nested-only',
  defaultSeverity: 'error',
  title: 'Field set valid only when nested',
  spec: 'The geo fields are nested only at client.geo, destination.geo, host.geo, observer.geo, server.geo, source.geo, threat.enrichments.indicator.geo, threat.indicator.geo.',
  specSource: 'Document 1, Geo fields (likewise Autonomous system, Hash, Interface and Operating system fields)',
  scope: 'name',
  check(ctx) {
    const out: Finding[] = [];
    for (const info of ctx.infosWith('nestedOnly')) {
      const resolution = info.resolution;
      if (info.status !== 'nestedOnly' || resolution?.kind !== 'nestedOnly') continue;
      const places = resolution.validAt;
      const shown = places.length > 4 ? `${places.slice(0, 4).join(', ')} and ${places.length - 4} more` : places.join(', ');
      out.push(findingAt(keySpanFrom(info.ref, info.at), {
        message: `'${info.ref.path[info.at]}' fields (${resolution.fieldSet.title}) are valid only nested, at ${shown}; not at the root`,
        data: { validAt: places },
      }));
    }
    return out;
  },
};
