// A memo of a pure function of a string (a compiled pattern, a time zone's name, a domain's split): the same for
// every service and document, so it may be shared by the process, but bounded: what it is asked about comes from
// files and settings, and a stream of distinct values must not grow it without end.
export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(
    private readonly compute: (key: string) => V,
    /** Past this many entries the memo starts over (cheaper than tracking use; the working set refills it). */
    private readonly max: number,
  ) {}

  get(key: string): V {
    const values = this.values;
    if (values.has(key)) return values.get(key) as V;
    const value = this.compute(key);
    if (values.size >= this.max) values.clear();
    values.set(key, value);
    return value;
  }
}
