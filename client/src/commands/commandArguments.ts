// Command arguments arrive untyped (from menus, keybindings, other extensions, tests): read them field by field.
import * as vscode from 'vscode';

export type ArgumentRecord = Record<string, unknown>;

/** The first argument as a record; a Uri (from an explorer or editor menu) becomes `{ uri }`. */
export function argumentRecord(argument: unknown): ArgumentRecord {
  if (argument instanceof vscode.Uri) return { uri: argument };
  if (typeof argument === 'object' && argument !== null && !Array.isArray(argument)) return argument as ArgumentRecord;
  return {};
}

export function stringField(record: ArgumentRecord, name: string): string | undefined {
  const value = record[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error(`argument '${name}' must be a string, got ${JSON.stringify(value)}`);
  return value;
}

export function uriField(record: ArgumentRecord, name: string): vscode.Uri | undefined {
  const value = record[name];
  if (value === undefined) return undefined;
  if (value instanceof vscode.Uri) return value;
  if (typeof value === 'string') return vscode.Uri.parse(value, true);
  throw new Error(`argument '${name}' must be a URI, got ${JSON.stringify(value)}`);
}
