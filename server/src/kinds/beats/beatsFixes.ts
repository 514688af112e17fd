// Quick fixes in a Beats configuration, the same as in an ingest pipeline (features/refFixes.ts): rename a field
// reference to the suggested name, change a processor, option or condition name to the one it most likely means, add a
// required option, replace a value by an allowed one, and `ecs.version` by `schema.version`. Each is made in the piece
// the diagnostic stands in (beatsDocument.ts), from the current text.
import type { ObjectNode, ValueNode } from '../../document/model';
import { isRecord } from '../../features/locate';
import { addOptionFixes, fieldRenameFixes, metaFieldFixes, nameChangeFixes, refUnder, valueReplaceFixes } from '../../features/refFixes';
import type { FwDiagnostic, QuickFix } from '../../features/types';
import { BeatsDocument, Piece, pieceAt } from './beatsDocument';
import type { BeatsReading } from './beatsReading';

const RENAMES_FIELD = new Set(['unknown-field', 'beats-unknown-read-field']);
const RENAMES_NAME = new Set(['beats-unknown-processor', 'beats-unknown-option', 'beats-unknown-condition']);
const REPLACES_VALUE = new Set(['beats-invalid-option-value', 'beats-value-invalid']);
/** Option kinds written as a list when added. */
const LISTS = new Set(['fields', 'strings', 'objects', 'values']);

export function beatsFixes(doc: BeatsDocument, shown: readonly FwDiagnostic[], range: { start: number; end: number }): QuickFix[] {
  const out: QuickFix[] = [];
  for (const d of shown) {
    if (d.start > range.end || d.end < range.start || (!isRecord(d.data) && d.code !== 'foreign-meta-field')) continue;
    const pieces = d.code === 'foreign-meta-field' ? metaPieces(doc) : [pieceAt(doc, d.start)];
    for (const piece of pieces) {
      const local = { ...d, start: d.start - piece.at, end: d.end - piece.at };
      for (const fix of fixesIn(piece, local)) out.push(moved(fix, piece, d));
    }
  }
  return out;
}

function fixesIn(piece: Piece, d: FwDiagnostic): QuickFix[] {
  const reading = piece.reading;
  if (RENAMES_FIELD.has(d.code)) return fieldRenameFixes(reading.text, refUnder(reading.refs, d), d);
  if (RENAMES_NAME.has(d.code)) return nameChangeFixes(d);
  if (d.code === 'foreign-meta-field') return metaFieldFixes(reading.text, reading.refs, d);
  if (REPLACES_VALUE.has(d.code)) return valueReplaceFixes(d, 'yaml', valueNodeAt(reading, d));
  if (d.code === 'beats-missing-option') {
    const target = missingTarget(reading, d);
    if (!target) return [];
    return addOptionFixes(d, reading.text, 'yaml', target.object, (name) => {
      const option = target.options[name];
      return option !== undefined && LISTS.has(option.kind);
    });
  }
  return [];
}

/** The object a missing option goes in: the processor's options (the finding on its name), or an item of a list of objects. */
function missingTarget(reading: BeatsReading, d: FwDiagnostic): { object: ObjectNode; options: Readonly<Record<string, { kind: string }>> } | undefined {
  for (const site of reading.processors) {
    if (!site.spec) continue;
    if (site.nameSpan.start === d.start && site.options) return { object: site.options, options: site.spec.options };
    for (const level of reading.optionLevels) {
      if (level.site === site && level.node.start === d.start) return { object: level.node, options: level.options };
    }
  }
  return undefined;
}

/** The value node spanning exactly the diagnostic (an option's value, a constant written to a field). */
function valueNodeAt(reading: BeatsReading, d: FwDiagnostic): ValueNode | undefined {
  const exact = (node: ValueNode | undefined): ValueNode | undefined => {
    if (!node) return undefined;
    if (node.start === d.start && node.end === d.end) return node;
    return node.kind === 'array' ? node.items.map(exact).find((n) => n !== undefined) : undefined;
  };
  for (const written of reading.values) {
    const found = exact(written.node);
    if (found) return found;
  }
  for (const site of reading.processors) for (const entry of site.entries) {
    const found = exact(entry.value);
    if (found) return found;
  }
  return undefined;
}

/** The pieces that may name `ecs.version` (a large file's units are read only when their text says `ecs`). */
function metaPieces(doc: BeatsDocument): Piece[] {
  const out: Piece[] = [{ reading: doc.skeleton, at: 0 }];
  for (const placed of doc.units) if (/\becs\b/.test(placed.unit.text)) out.push({ reading: placed.unit.reading(), at: placed.start });
  return out;
}

/** A fix made in a piece's offsets, in the document's, for the diagnostic as the editor has it. */
function moved(fix: QuickFix, piece: Piece, d: FwDiagnostic): QuickFix {
  const edits = piece.at === 0 ? fix.edits : fix.edits.map((e) => ({ ...e, start: e.start + piece.at, end: e.end + piece.at }));
  return { ...fix, edits, diagnostic: d };
}
