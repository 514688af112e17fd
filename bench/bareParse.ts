// The bare parse of each document, in the bench's own process: what any server has to pay at least.
import { Parser, parseAllDocuments } from 'yaml';
import { parseEventDocument } from '../server/src/kinds/events/eventDocument';
import type { BenchDocument } from './generate';
import { timeMedian } from './stats';

export interface BareParse {
  /** JSON.parse for JSON; the `yaml` CST (`new Parser().parse`, every token consumed) for YAML. */
  baseMs: number;
  /** YAML only: the full documents with their errors (`parseAllDocuments`, parseDocument for a stream). */
  documentMs?: number;
  /** Fieldwise's own adapter (document/eventDocument.ts), no previous version to reuse. */
  fieldwiseMs: number;
}

export function bareParse(doc: BenchDocument, runs: number): BareParse {
  const text = doc.text;
  if (doc.format === 'json') {
    return {
      baseMs: timeMedian(runs, () => JSON.parse(text) as unknown),
      fieldwiseMs: timeMedian(runs, () => parseEventDocument(text, 'json')),
    };
  }
  return {
    baseMs: timeMedian(runs, () => {
      for (const token of new Parser().parse(text)) void token;
    }),
    documentMs: timeMedian(runs, () => parseAllDocuments(text)),
    fieldwiseMs: timeMedian(runs, () => parseEventDocument(text, 'yaml')),
  };
}
