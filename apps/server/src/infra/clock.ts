/** Time source; tests pass a controllable one to move through lockouts and expiries. */
export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
