// How many event texts were parsed since the process started (document splits and re-reads alike): for tests and
// benchmarks that assert a request parses an event at most once.
export const parseCounter = { events: 0 };
