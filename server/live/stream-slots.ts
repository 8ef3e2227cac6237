/** Why a stream was refused: the person or the address already holds as many as it may. */
export type SlotRefusal = { ok: false; over: "person" | "address"; limit: number };

/**
 * Counts the event streams open in this process, per person and per client address, so one
 * person (or one address) cannot hold thousands of connections and the memory behind them.
 */
export function createStreamSlots(limits: { perPerson: number; perAddress: number }) {
  const people = new Map<string, number>();
  const addresses = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const count = (counts.get(key) ?? 0) + by;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  };

  return {
    /** Takes a slot for one stream; release it, once, when the stream ends. */
    take(person: string, address: string): { ok: true; release: () => void } | SlotRefusal {
      if ((people.get(person) ?? 0) >= limits.perPerson) {
        return { ok: false, over: "person", limit: limits.perPerson };
      }
      if ((addresses.get(address) ?? 0) >= limits.perAddress) {
        return { ok: false, over: "address", limit: limits.perAddress };
      }
      add(people, person, 1);
      add(addresses, address, 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          add(people, person, -1);
          add(addresses, address, -1);
        },
      };
    },
  };
}
