// textDocument/completion and completionItem/resolve: Fieldwise's entries as one LSP CompletionList, as small as the
// client allows. What every item shares goes once into `itemDefaults` (clients that apply them); documentation waits
// for completionItem/resolve in clients that resolve it (`data` is the path it documents), else travels inline.
import {
  CompletionItem, CompletionItemKind, CompletionItemTag, CompletionList, InsertTextFormat, MarkupKind, Range,
} from 'vscode-languageserver';
import type { CompletionEntry } from '../features/types';
import type { ClientFeatures } from './clientFeatures';
import type { Positions } from './positions';
import { snippetToPlainText } from './snippetText';
import { toTextEdit } from './toLsp';

const kinds: Record<CompletionEntry['kind'], CompletionItemKind> = {
  field: CompletionItemKind.Field,
  object: CompletionItemKind.Module,
  value: CompletionItemKind.Value,
};

export function toCompletionList(entries: readonly CompletionEntry[], at: Positions, client: ClientFeatures): CompletionList {
  const list: CompletionList = { isIncomplete: false, items: [] };
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
    list.items.push(toCompletionItem(entry, shared ? sharedRange : at.range(entry.replace), shared && defaultRange, defaultFormat, at, client));
  }
  return list;
}

function formatOf(entry: CompletionEntry, client: ClientFeatures): InsertTextFormat {
  return entry.snippet === true && client.snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText;
}

function toCompletionItem(
  entry: CompletionEntry, range: Range, rangeByDefault: boolean, defaultFormat: InsertTextFormat | undefined, at: Positions, client: ClientFeatures,
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
  if (entry.level && client.labelDetails) item.labelDetails = { description: entry.level };
  if (entry.additionalEdits?.length) item.additionalTextEdits = entry.additionalEdits.map((e) => toTextEdit(e, at));
  if (entry.deprecated) {
    if (client.completionDeprecatedTag) item.tags = [CompletionItemTag.Deprecated];
    else item.deprecated = true;
  }
  if (client.completionResolvesDocs) item.data = entry.docPath;
  else item.documentation = documentationOf(entry.documentation, client);
  return item;
}

function documentationOf(markdown: string, client: ClientFeatures): CompletionItem['documentation'] {
  return { kind: client.completionMarkdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: markdown };
}

/** completionItem/resolve: the item with its documentation, found again by the path its `data` names. */
export function resolveCompletionItem(item: CompletionItem, documentation: (docPath: string) => string | undefined, client: ClientFeatures): CompletionItem {
  if (item.documentation !== undefined || typeof item.data !== 'string') return item;
  const markdown = documentation(item.data);
  return markdown === undefined ? item : { ...item, documentation: documentationOf(markdown, client) };
}
