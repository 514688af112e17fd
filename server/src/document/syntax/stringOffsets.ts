// PLACEHOLDER until the string-offsets module lands: exact for strings without escapes.
import type { ScalarStyle } from '../model';

export function decodeWithOffsets(raw: string, style: ScalarStyle, _syntax: 'json' | 'yaml'): { value: string; offsets: number[] } {
  const quoted = style === 'single' || style === 'double';
  const inner = quoted ? raw.slice(1, raw.endsWith(raw[0]) && raw.length > 1 ? -1 : undefined) : raw;
  const base = quoted ? 1 : 0;
  const offsets: number[] = [];
  for (let i = 0; i <= inner.length; i++) offsets.push(base + i);
  return { value: inner, offsets };
}
