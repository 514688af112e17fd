// Telling the client the language of a document the server recognised as another than the one it was opened with:
// editors pick a language by extension (VS Code opens a `.conf` file as Properties), and only the content says a
// `.conf` file is a Logstash pipeline. Each document is told once per language; a closed one is forgotten.
import type { DocContext, OversizeContext } from './openDocuments';

export class DocumentLanguages {
  private readonly told = new Map<string, string>();

  constructor(private readonly send: (uri: string, languageId: string) => void) {}

  /** Tells the client when the document's type says another language than its own. */
  follow(ctx: DocContext | OversizeContext | undefined): void {
    if (!ctx || ctx.oversize) return;
    const uri = ctx.doc.uri;
    const languageId = ctx.workspace.service.languageFor(ctx.type, ctx.doc.languageId);
    if (languageId === undefined || this.told.get(uri) === languageId) return;
    this.told.set(uri, languageId);
    this.send(uri, languageId);
  }

  forget(uri: string): void {
    this.told.delete(uri);
  }
}
