// How an option of a processor names fields, read off its kind in the processor table (schema/ingest).
import type { OptionSpec } from '../../catalog/processors';
import type { Notation } from '../../document/embedded/notations';

/** Where field names stand in an option's value. */
export type OptionForm =
  | 'name' /* the value (or each item) is one field name */
  | 'fieldMap' /* the keys of an object are field names */
  | 'dottedKey' /* one literal key with dots (dot_expander) */
  | 'template' /* mustache templates */
  | 'grok' /* grok patterns */
  | 'grokDefinitions' /* an object of grok patterns */
  | 'dissect'
  | 'script'
  | 'none';

export function formOf(option: OptionSpec): OptionForm {
  switch (option.kind) {
    case 'field':
    case 'fields':
      return 'name';
    case 'fieldMap':
      return 'fieldMap';
    case 'dottedKey':
      return 'dottedKey';
    case 'template':
    case 'templates':
      return 'template';
    case 'value':
    case 'string':
    case 'strings':
      // Plain text options that Elasticsearch renders (`date.timezone`, `fail.message`) hold templates.
      return option.template ? 'template' : 'none';
    case 'grokPatterns':
      return 'grok';
    case 'grokDefinitions':
      return 'grokDefinitions';
    case 'dissectPattern':
      return 'dissect';
    case 'script':
      return 'script';
    default:
      return 'none';
  }
}

/** The notation of the strings of an option whose form holds names inside text. */
export function notationOf(form: 'template' | 'grok' | 'grokDefinitions' | 'dissect' | 'script'): Notation {
  switch (form) {
    case 'template':
      return 'mustache';
    case 'grok':
    case 'grokDefinitions':
      return 'grok';
    case 'dissect':
      return 'dissect';
    case 'script':
      return 'painless';
  }
}
