/** The time source of every rule that depends on now; tests hand in a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
