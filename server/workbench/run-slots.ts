import { AppError } from "../errors.ts";

export type RunSlots = ReturnType<typeof createRunSlots>;

/**
 * How many requests to model services each person has under way in this process
 * (RUNS_PER_PERSON): a run, a test run or a model list each hold one until they end.
 */
export function createRunSlots(perPerson: number) {
  const held = new Map<string, number>();
  return {
    /** Takes a slot, or refuses with 429; release it, once, when the request ends. */
    take(person: string): () => void {
      const count = held.get(person) ?? 0;
      if (count >= perPerson) {
        throw new AppError(
          "rate_limited",
          `You have ${perPerson} runs under way already, the most at once. Wait for one to finish, or stop one.`,
          "runs_at_once",
        );
      }
      held.set(person, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(person) ?? 1) - 1;
        if (left > 0) held.set(person, left);
        else held.delete(person);
      };
    },
  };
}
