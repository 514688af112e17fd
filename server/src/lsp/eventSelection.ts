// Which open documents the server serves, and as what file type: service/detect.ts decides (the same rule as the
// command line). Detection may read the whole text (to find the first event), so its answer is kept: per version,
// and, for event documents, across an edit that left everything up to the end of the first event as it was.
import type { FileType } from '../document/fileType';
import { isEventDocument } from '../service/languageService';
import type { ParsedVersion } from './parseCache';
import type { Workspace } from './workspaces';

interface Decision {
  version: number;
  generation: number;
  type: FileType | undefined;
}

export class EventSelection {
  private readonly decisions = new Map<string, Decision>();

  /** The file type of the document at `version`, or undefined when Fieldwise leaves it alone. */
  typeOf(
    uri: string, version: number, languageId: string, text: () => string, workspace: Workspace, file: string, parsed?: ParsedVersion,
  ): FileType | undefined {
    const known = this.decisions.get(uri);
    if (known && known.generation === workspace.generation) {
      if (known.version === version) return known.type;
      if (known.type && parsed?.version === known.version && firstEventKept(parsed, text())) {
        this.decisions.set(uri, { ...known, version });
        return known.type;
      }
    }
    const type = workspace.service.fileTypeOf(file, text(), workspace.settings, languageId);
    this.decisions.set(uri, { version, generation: workspace.generation, type });
    return type;
  }

  forget(uri: string): void {
    this.decisions.delete(uri);
  }
}

/** Whether `text` starts with the same characters as `before`'s text, up to the end of its first event. */
function firstEventKept(before: ParsedVersion, text: string): boolean {
  const first = isEventDocument(before.parsed) ? before.parsed.events[0] : undefined;
  if (!first) return false;
  const end = first.start + first.text.length;
  return text.length >= end && before.text.slice(0, end) === text.slice(0, end);
}
