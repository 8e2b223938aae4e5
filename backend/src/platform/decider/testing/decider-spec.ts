import { type Decider, DomainError, type DomainEvent } from '../decider';

/**
 * Given/when/then for a decider (Emmett's DeciderSpecification shape), without a store:
 *
 *   DeciderSpec.for(postDecider)
 *     .given([{ type: 'PostCreated', data: created }])
 *     .when({ type: 'DeletePost', actorId: 'u2', actorRole: 'member', now: T0 })
 *     .thenThrows({ status: 403 });
 *
 * given() folds events into the state (from initialState); givenState() starts from a state the
 * test builds itself (a state no event sequence reaches, or one an aggregate's sibling decides on).
 * then() compares the decided events with toEqual (asymmetric matchers such as
 * expect.objectContaining work inside); it answers the events and the state after them, for
 * assertions on the state. thenThrows() expects a DomainError: a string is its code, an object is
 * matched with toMatchObject (status, code, message), a RegExp must match its message.
 */
export class DeciderSpec<State, Command, Event extends DomainEvent> {
  private constructor(
    private readonly decider: Decider<State, Command, Event>,
    private readonly start: () => State,
  ) {}

  static for<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
  ): DeciderSpec<State, Command, Event> {
    return new DeciderSpec(decider, () => decider.initialState());
  }

  /** The history the command meets (folded from initialState; add to it with further given()). */
  given(events: Event[]): DeciderSpec<State, Command, Event> {
    const before = this.start;
    return new DeciderSpec(this.decider, () => events.reduce((s, e) => this.decider.evolve(s, e), before()));
  }

  /** A state built by the test instead of folded from events. */
  givenState(state: State): DeciderSpec<State, Command, Event> {
    return new DeciderSpec(this.decider, () => state);
  }

  when(command: Command): DeciderWhen<State, Command, Event> {
    return new DeciderWhen(this.decider, this.start, command);
  }

  /** The state the given history folds to. */
  state(): State {
    return this.start();
  }
}

export interface DeciderOutcome<State, Event> {
  events: Event[];
  /** The given state with the decided events folded in. */
  state: State;
}

export type RefusalMatcher = string | RegExp | Partial<Pick<DomainError, 'code' | 'message' | 'status'>>;

export class DeciderWhen<State, Command, Event extends DomainEvent> {
  constructor(
    private readonly decider: Decider<State, Command, Event>,
    private readonly start: () => State,
    private readonly command: Command,
  ) {}

  /** Decides; answers the events and the state after them (no expectation of its own). */
  decide(): DeciderOutcome<State, Event> {
    const state = this.start();
    const events = this.decider.decide(state, this.command);
    return { events, state: events.reduce((s, e) => this.decider.evolve(s, e), state) };
  }

  /** The decided events equal these (toEqual); answers them with the state after them. */
  then(expected: Event[] | ((events: Event[], state: State) => void)): DeciderOutcome<State, Event> {
    const outcome = this.decide();
    if (typeof expected === 'function') expected(outcome.events, outcome.state);
    else expect(outcome.events).toEqual(expected);
    return outcome;
  }

  /** The command is accepted and decides nothing (an idempotent repeat). */
  thenNothingHappened(): DeciderOutcome<State, Event> {
    return this.then([]);
  }

  /** The state after the decided events equals this (toEqual). */
  thenState(expected: State): DeciderOutcome<State, Event> {
    const outcome = this.decide();
    expect(outcome.state).toEqual(expected);
    return outcome;
  }

  /** The command is refused with a DomainError matching `matcher` (see DeciderSpec); answers it. */
  thenThrows(matcher?: RefusalMatcher): DomainError {
    let refused: unknown = undefined;
    let decided: Event[] | undefined;
    try {
      decided = this.decider.decide(this.start(), this.command);
    } catch (err) {
      refused = err;
    }
    if (decided)
      throw new Error(
        `Expected the command to be refused, but it decided ${JSON.stringify(decided.map((e) => e.type))}`,
      );
    expect(refused).toBeInstanceOf(DomainError);
    const error = refused as DomainError;
    if (typeof matcher === 'string') expect(error.code).toBe(matcher);
    else if (matcher instanceof RegExp) expect(error.message).toMatch(matcher);
    else if (matcher) expect(error).toMatchObject(matcher);
    return error;
  }
}
