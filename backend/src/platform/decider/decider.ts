/**
 * A decider per aggregate, as pure functions (Emmett's shape): no I/O, unit tested without a store.
 * decide throws DomainError for a command the state does not allow.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(state: State, command: Command): Event[];
}

/** A rule of the domain said no. Carries the HTTP status and the code the API answers with. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 422 | 429 = 422,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Folds events into state. */
export function fold<State, Event extends DomainEvent>(decider: Decider<State, never, Event>, events: Event[]): State {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
}
