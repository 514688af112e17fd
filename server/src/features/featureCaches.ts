// What a LanguageService keeps for its features between requests, one per instance (one per workspace folder),
// carried to the features on their FeatureEnv: state that grows with the documents users open belongs to the
// instance that serves them, not to the module. Each kind keeps its own under a key of its own (a slot), so this
// file knows no kind.

/** A slot's key: a module-level object of the kind that owns the slot, and how to make its state. */
export interface CacheSlot<T> {
  readonly name: string;
  create(): T;
}

export class FeatureCaches {
  private readonly slots = new Map<CacheSlot<unknown>, unknown>();

  /** The state of `slot` for this instance, made on first use. */
  slot<T>(slot: CacheSlot<T>): T {
    let state = this.slots.get(slot) as T | undefined;
    if (state === undefined) this.slots.set(slot, (state = slot.create()));
    return state;
  }
}
