// Which open documents the server serves, and as what format: service/detect.ts decides (the same rule as the
// command line); the answer is kept per document version, since detection may parse the first event.
import type { DocumentFormat } from '../document/model';
import { eventDocumentFormat } from '../service/detect';
import type { Workspace } from './workspaces';

interface Decision {
  version: number;
  generation: number;
  format: DocumentFormat | undefined;
}

export class EventSelection {
  private readonly decisions = new Map<string, Decision>();

  /** The event format of the document at `version`, or undefined when Fieldwise leaves it alone. */
  formatOf(uri: string, version: number, languageId: string, text: () => string, workspace: Workspace, file: string): DocumentFormat | undefined {
    const known = this.decisions.get(uri);
    if (known && known.version === version && known.generation === workspace.generation) return known.format;
    const format = eventDocumentFormat(file, text(), workspace.settings, workspace.service.currentCatalog, languageId);
    this.decisions.set(uri, { version, generation: workspace.generation, format });
    return format;
  }

  forget(uri: string): void {
    this.decisions.delete(uri);
  }
}
