// A Logstash pipeline config as the kind reads it: the syntax's tree (document/syntaxes/logstash/), whole.
import type { FileType, KindDocument } from '../../document/fileType';
import { type LogstashParse, parseLogstash } from '../../document/syntaxes/logstash';

export interface LogstashDocument extends KindDocument {
  /** The config's tree, its tokens and comments (the parse's problems are `errors`). */
  readonly tree: LogstashParse;
}

/** Parses a config; never throws (a broken config keeps every part the parser recovered). */
export function parseLogstashDocument(text: string, type: FileType): LogstashDocument {
  const tree = parseLogstash(text);
  return { kind: type.kind, type, text, errors: tree.problems, tree };
}
