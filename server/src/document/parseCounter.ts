// How many event texts and whole files (guardedParse.ts: pipelines, field definitions) were parsed since the process
// started (document splits and re-reads alike): for tests and benchmarks that assert a request parses an event, or
// detection and parse a pipeline, at most once.
export const parseCounter = { events: 0, wholeFiles: 0 };
