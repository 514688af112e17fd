// dataset-module-mismatch: an event.dataset of the form module.dataset whose module part is not event.module.
import { stringAt } from '../eventValues';
import type { Rule } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';
import { isModuleDotDataset } from './datasetForm';

export const datasetModuleMismatch: Rule = {
  code: 'dataset-module-mismatch',
  defaultSeverity: 'information',
  title: 'event.dataset does not start with event.module',
  spec: 'Dataset name; recommended form: module name, a dot, then dataset name',
  specSource: 'Document 1, Event fields, event.dataset (the module name is event.module)',
  scope: 'event',
  check(ctx) {
    const dataset = stringAt(ctx.view, 'event.dataset');
    const module = stringAt(ctx.view, 'event.module');
    if (!dataset || !module || module.value === '' || !isModuleDotDataset(dataset.value)) return [];
    // A module name may itself hold dots (`aws.s3`): the dataset must start with all of it and a dot.
    const rest = dataset.value.slice(module.value.length + 1);
    if (dataset.value.startsWith(`${module.value}.`) && rest !== '') return [];
    const modulePart = dataset.value.split('.')[0];
    return [findingAt(valueSpan(dataset.node), {
      message: `event.dataset ${quote(dataset.value)} names the module ${quote(modulePart)}, but event.module is ${quote(module.value)}; the dataset is the module name, a dot, then the dataset name`,
    })];
  },
};
