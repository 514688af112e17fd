// A Logstash parse without its positions: what must stay the same when formatting changes only whitespace.
import { parseLogstash } from '../../server/src/document/syntaxes/logstash';

const POSITIONAL: ReadonlySet<string> = new Set(['start', 'end', 'open', 'close', 'arrow', 'contentStart']);

/** The tree of `text` as plain data, every offset and span left out (names, values, raw text and structure kept). */
export function logstashShape(text: string): unknown {
  return JSON.parse(JSON.stringify(parseLogstash(text).config, (key, value: unknown) => (POSITIONAL.has(key) || key.endsWith('Span') ? undefined : value)));
}
