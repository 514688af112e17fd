// An event whose tree need not outlive its use. A tree takes several times the memory of its text, so an event is
// parsed when first read (not when the document is split), and a caller done with the tree (diagnostics checked and
// cached) releases it; the tree is parsed again from the text on demand.
import type { EventSlice, SyntaxProblem, ValueNode } from '../../document/model';

export interface EventParse {
  root: ValueNode | undefined;
  errors: SyntaxProblem[];
}

/** The parse of one event, shared by its reuses across versions: errors kept, the tree held until released. */
class EventTree {
  private parsed = false;
  private released = false;
  private held: ValueNode | undefined = undefined;
  private problems: SyntaxProblem[] = [];

  constructor(private readonly text: string, private readonly parse: (text: string) => EventParse) {}

  root(): ValueNode | undefined {
    if (!this.parsed) this.first();
    // Rebuilt, not kept: whoever asks holds it for as long as it needs (an EventView takes it once).
    return this.released ? this.parse(this.text).root : this.held;
  }

  errors(): SyntaxProblem[] {
    if (!this.parsed) this.first();
    return this.problems;
  }

  release(): void {
    // A tree-less event (nested too deep) has nothing to rebuild.
    if (this.held) this.released = true;
    this.held = undefined;
  }

  private first(): void {
    const { root, errors } = this.parse(this.text);
    this.parsed = true;
    this.held = root;
    this.problems = errors;
  }
}

export class ParsedEvent implements EventSlice {
  disabledLines?: Map<number, Set<string>>;
  lineStarts?: number[];

  private constructor(
    public index: number,
    public start: number,
    readonly text: string,
    /** Also the event's identity: the same object while the event is reused. */
    readonly tree: EventTree,
  ) {}

  /** `parse` reads the event's own text; nothing is parsed until the tree or the errors are asked for. */
  static of(index: number, start: number, text: string, parse: (text: string) => EventParse): ParsedEvent {
    return new ParsedEvent(index, start, text, new EventTree(text, parse));
  }

  get root(): ValueNode | undefined {
    return this.tree.root();
  }

  get errors(): SyntaxProblem[] {
    return this.tree.errors();
  }

  /** The same event at another place (reused after an edit): its parse, and so its identity, is shared. */
  movedTo(index: number, start: number): ParsedEvent {
    const moved = new ParsedEvent(index, start, this.text, this.tree);
    moved.disabledLines = this.disabledLines;
    moved.lineStarts = this.lineStarts;
    return moved;
  }
}

/** Lets the event's tree go (rebuilt on demand); a no-op for events built as plain objects. */
export function releaseTree(event: EventSlice): void {
  if (event instanceof ParsedEvent) event.tree.release();
}

/** Stays the same object while an event is reused across versions, whether or not its tree is there: caches key on it. */
export function eventKey(event: EventSlice): object {
  return event instanceof ParsedEvent ? event.tree : event.errors;
}

/** A plain copy of an event with some fields replaced: `{ ...event }` would miss a ParsedEvent's `root` and `errors`. */
export function eventWith(event: EventSlice, changes: Partial<EventSlice>): EventSlice {
  return {
    index: event.index,
    start: event.start,
    text: event.text,
    root: 'root' in changes ? changes.root : event.root,
    errors: event.errors,
    disabledLines: event.disabledLines,
    lineStarts: event.lineStarts,
    ...changes,
  };
}
