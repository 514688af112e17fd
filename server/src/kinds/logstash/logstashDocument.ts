// A Logstash pipeline config as the kind reads it: the syntax's tree (document/syntaxes/logstash/), whole, and the
// field references it names in an ECS-compatibility mode (configRefs.ts), read on first use and kept per mode.
import type { EcsMode } from '../../catalog/logstashPlugins';
import { loadLogstashPluginTable } from '../../catalog/logstashPlugins';
import type { FileType, KindDocument, KindName } from '../../document/fileType';
import { type LogstashParse, parseLogstash } from '../../document/syntaxes/logstash';
import type { SyntaxProblem } from '../../document/model';
import { type ConfigRefs, configRefs } from './configRefs';

export class LogstashDocument implements KindDocument {
  readonly kind: KindName;
  readonly errors: SyntaxProblem[];
  private readonly byMode = new Map<EcsMode, ConfigRefs>();

  /** `tree`: the config's tree, its tokens and comments (the parse's problems are `errors`). */
  constructor(readonly type: FileType, readonly text: string, readonly tree: LogstashParse) {
    this.kind = type.kind;
    this.errors = tree.problems;
  }

  /** The references and plugin sites with plugins that set no mode of their own in `mode`. */
  refs(mode: EcsMode): ConfigRefs {
    let found = this.byMode.get(mode);
    if (!found) this.byMode.set(mode, (found = configRefs(this.tree, loadLogstashPluginTable(), mode)));
    return found;
  }
}

/** Parses a config; never throws (a broken config keeps every part the parser recovered). */
export function parseLogstashDocument(text: string, type: FileType): LogstashDocument {
  return new LogstashDocument(type, text, parseLogstash(text));
}
