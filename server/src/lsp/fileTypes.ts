// Which open documents the server serves, and as what file type: service/detect.ts decides (the same rule as the
// command line). Detection may read the whole text, so its answer is kept: per version, and across an edit that the
// document's kind says leaves it as it was (an event document whose first event is unchanged).
import type { FileType } from '../document/fileType';
import type { ParsedVersion } from './parseCache';
import type { Workspace } from './workspaces';

interface Decision {
  version: number;
  generation: number;
  type: FileType | undefined;
}

export class FileTypes {
  private readonly decisions = new Map<string, Decision>();

  /** The file type of the document at `version`, or undefined when Fieldwise leaves it alone. */
  typeOf(
    uri: string, version: number, languageId: string, text: () => string, workspace: Workspace, file: string, parsed?: ParsedVersion,
  ): FileType | undefined {
    const known = this.decisions.get(uri);
    if (known && known.generation === workspace.generation) {
      if (known.version === version) return known.type;
      if (known.type && parsed?.version === known.version && workspace.service.keepsFileType(parsed.parsed, text())) {
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
