// Whether a text opens as a Logstash config: its first word, comments and whitespace aside, is one of the sections
// Logstash knows (`input`, `filter`, `output`) opening its block. An nginx or systemd `.conf` starts otherwise
// (`user nginx;`, `server {`, `[Unit]`), as do JSON and YAML texts.
import { isWordChar, skipTrivia } from './lexer';

const SECTIONS: ReadonlySet<string> = new Set(['input', 'filter', 'output']);

export function startsWithSection(text: string): boolean {
  // A byte order mark is a syntax problem the parse reports; the text is still a config.
  const start = skipTrivia(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  let end = start;
  while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
  if (!SECTIONS.has(text.slice(start, end))) return false;
  return text.charCodeAt(skipTrivia(text, end)) === 123; /* { */
}
