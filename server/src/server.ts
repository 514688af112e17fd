#!/usr/bin/env node
// Placeholder until the language-server issue lands.
process.stderr.write('fieldwise-language-server: not built yet\n');
process.exitCode = 1;
