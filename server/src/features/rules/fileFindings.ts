// What is said of a file as a whole before any kind reads it: that Fieldwise does not recognise it (the command line,
// for a file it was given), and that it is empty. Neither reads the file's fields: they have no check of their own.
import type { RuleInfo } from '../types';

export const fileNotRecognised: RuleInfo = {
  code: 'file-not-recognised',
  defaultSeverity: 'information',
  title: 'File not recognised',
  spec: 'A file is checked as the kind it is recognised as: by its path (the fieldwise.files.* globs), then by its content.',
  specSource: "Fieldwise's own: a file given to `fieldwise check` that is none of the kinds it reads is said so, not guessed",
};

export const emptyFile: RuleInfo = {
  code: 'empty-file',
  defaultSeverity: 'information',
  title: 'Empty file',
  spec: 'The resource is the event document.',
  specSource: "Document 1, Resources and their fields (a file with no content holds no resource: said so, not passed as checked)",
};
