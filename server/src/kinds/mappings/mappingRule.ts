// A rule only a mapping can break (docs/mappings.md lists them): the one rule contract (features/rule.ts) over the
// whole mapping document.
import type { MappingDocument } from './mappingDocument';
import type { Rule } from '../../features/rule';
import type { FeatureEnv } from '../../features/env';

export type MappingRule = Rule<MappingDocument, FeatureEnv> & { readonly scope: 'document' };
