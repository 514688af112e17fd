// PLACEHOLDER until the embedded-references modules land.
import type { Span } from '../model';

export interface EmbeddedRef {
  path: string[];
  segments: Span[];
  span: Span;
  access: 'read' | 'write';
  captureType?: string;
  literalDotted?: boolean;
  removes?: boolean;
}

export interface NameSite {
  replace: Span;
  typed: string;
  access: 'read' | 'write';
}
