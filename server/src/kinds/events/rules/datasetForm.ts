// dataset-form: an event.dataset that is not a module name, a dot, then a dataset name.
import { stringAt } from '../eventValues';
import type { Rule } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

export const datasetForm: Rule = {
  code: 'dataset-form',
  defaultSeverity: 'hint',
  title: 'event.dataset not of the form module.dataset',
  spec: 'Dataset name; recommended form: module name, a dot, then dataset name',
  specSource: 'Document 1, Event fields, event.dataset',
  scope: 'event',
  check(ctx) {
    const dataset = stringAt(ctx.view, 'event.dataset');
    if (!dataset || isModuleDotDataset(dataset.value)) return [];
    const module = stringAt(ctx.view, 'event.module')?.value || 'module';
    return [findingAt(valueSpan(dataset.node), { message: `event.dataset ${quote(dataset.value)} is not of the recommended form module name, a dot, then dataset name (e.g. "${module}.access")` })];
  },
};

/** `module.dataset`: at least two non-empty names joined by dots. */
export function isModuleDotDataset(value: string): boolean {
  return value.includes('.') && !BLANK_NAME.test(value);
}

/** A name that is empty or only white space (what trim() removes, as \s matches): between dots, or before or after one. */
const BLANK_NAME = /(?:^|\.)\s*(?:\.|$)/;
