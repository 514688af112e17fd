// Placeholder until its issue lands: says so instead of pretending to work.
import { CliError, Command } from '../io';

export const fieldsCommand: Command = {
  name: 'fields',
  summary: 'not built yet',
  usage: 'usage: fieldwise fields (not built yet)',
  async run() {
    throw new CliError("'fieldwise fields' is not built yet");
  },
};
