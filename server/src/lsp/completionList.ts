// textDocument/completion and completionItem/resolve: Fieldwise's entries as one LSP CompletionList, as small as the
// client allows. What every item shares goes once into `itemDefaults` (clients that apply them); documentation waits
// for completionItem/resolve in clients that resolve it (`data` is the path it documents, absent when that is the
// label), else travels inline.
import {
  CompletionItem, CompletionItemKind, CompletionItemLabelDetails, CompletionItemTag, CompletionList, InsertTextFormat, MarkupKind, Range,
} from 'vscode-languageserver';
import type { Level } from '../catalog/types';
import type { ClientFeatures } from './clientFeatures';
import type { CompletionEntry, LimitedCompletion } from '../features/types';
import type { Positions } from './positions';
import { snippetToPlainText } from './snippetText';
import { toTextEdit } from './toLsp';

const kinds: Record<CompletionEntry['kind'], CompletionItemKind> = {
  field: CompletionItemKind.Field,
  object: CompletionItemKind.Module,
  value: CompletionItemKind.Value,
};

/** The markdown documenting a path (a field or an object), built once per catalog. */
export type Documentation = (docPath: string) => string;

// Shared by every item of a level: they are only serialised.
const badges: Record<Level, CompletionItemLabelDetails> = { core: { description: 'core' }, extended: { description: 'extended' }, custom: { description: 'custom' } };

export function toCompletionList({ entries, incomplete }: LimitedCompletion, at: Positions, client: ClientFeatures, documentation: Documentation): CompletionList {
  const list: CompletionList = { isIncomplete: incomplete, items: [] };
  if (entries.length === 0) return list;
  // Every entry of one answer replaces the same span in practice: it is converted once, and sent once where the client allows.
  const first = entries[0];
  const sharedRange = at.range(first.replace);
  const defaultRange = client.completionDefaults.has('editRange');
  const defaultFormat = client.completionDefaults.has('insertTextFormat') ? formatOf(first, client) : undefined;
  if (defaultRange || defaultFormat !== undefined) {
    list.itemDefaults = {};
    if (defaultRange) list.itemDefaults.editRange = sharedRange;
    if (defaultFormat !== undefined) list.itemDefaults.insertTextFormat = defaultFormat;
  }
  for (const entry of entries) {
    const shared = entry.replace.start === first.replace.start && entry.replace.end === first.replace.end;
    list.items.push(toCompletionItem(entry, shared ? sharedRange : at.range(entry.replace), shared && defaultRange, defaultFormat, at, client, documentation));
  }
  return list;
}

function formatOf(entry: CompletionEntry, client: ClientFeatures): InsertTextFormat {
  return entry.snippet === true && client.snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText;
}

function toCompletionItem(
  entry: CompletionEntry, range: Range, rangeByDefault: boolean, defaultFormat: InsertTextFormat | undefined, at: Positions, client: ClientFeatures,
  documentation: Documentation,
): CompletionItem {
  const newText = entry.snippet && !client.snippets ? snippetToPlainText(entry.insertText) : entry.insertText;
  const item: CompletionItem = { label: entry.label, kind: kinds[entry.kind], detail: entry.detail };
  if (!rangeByDefault) item.textEdit = { range, newText };
  else if (newText !== entry.label) item.textEditText = newText;
  // Absent means plain text, unless the list's default says otherwise.
  const format = formatOf(entry, client);
  if (format !== (defaultFormat ?? InsertTextFormat.PlainText)) item.insertTextFormat = format;
  item.sortText = entry.sortText;
  if (entry.filterText !== undefined && entry.filterText !== entry.label) item.filterText = entry.filterText;
  // The badge beside the label where the client can show one; `detail` carries it for every client.
  if (entry.level && client.labelDetails) item.labelDetails = badges[entry.level];
  if (entry.additionalEdits?.length) item.additionalTextEdits = entry.additionalEdits.map((e) => toTextEdit(e, at));
  if (entry.deprecated) {
    if (client.completionDeprecatedTag) item.tags = [CompletionItemTag.Deprecated];
    else item.deprecated = true;
  }
  if (!client.completionResolvesDocs) item.documentation = documentationOf(documentation(entry.docPath), client);
  else if (entry.docPath !== entry.label) item.data = entry.docPath;
  return item;
}

function documentationOf(markdown: string, client: ClientFeatures): CompletionItem['documentation'] {
  return { kind: client.completionMarkdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: markdown };
}

/** completionItem/resolve: the item with its documentation, found again by the path its `data` names (else its label). */
export function resolveCompletionItem(item: CompletionItem, documentation: Documentation, client: ClientFeatures): CompletionItem {
  if (item.documentation !== undefined) return item;
  const docPath = typeof item.data === 'string' ? item.data : item.label;
  return { ...item, documentation: documentationOf(documentation(docPath), client) };
}
