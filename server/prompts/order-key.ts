/**
 * Keys for the owner's manual order: strings of digits read as the fraction after "0.", compared
 * byte by byte (prompts.position is COLLATE "C"). A key never ends in 0, so between any two keys
 * (or before the first, or after the last) there is always another, and moving a prompt writes
 * its own row alone. New prompts get a key from the time (order_key_at, drizzle/0024).
 */
const digits = "0123456789";

/** A key strictly between `low` and `high` (null: no bound on that side). */
export function keyBetween(low: string | null, high: string | null): string {
  if (low !== null && high !== null && low >= high) {
    throw new Error(`order keys out of order: ${low} >= ${high}`);
  }
  return midpoint(low ?? "", high);
}

/** The standard digit-by-digit midpoint of two fractions (high null: 1). */
function midpoint(low: string, high: string | null): string {
  if (high !== null) {
    // The shared leading digits stay; the rest is a midpoint of what follows them.
    let same = 0;
    while ((low[same] ?? "0") === high[same]) same++;
    if (same > 0) return high.slice(0, same) + midpoint(low.slice(same), high.slice(same));
  }
  const lowDigit = low ? digits.indexOf(low.charAt(0)) : 0;
  const highDigit = high !== null ? digits.indexOf(high.charAt(0)) : digits.length;
  if (highDigit - lowDigit > 1) return digits.charAt(Math.round((lowDigit + highDigit) / 2));
  // Adjacent digits: the high one alone when more of high follows it, else the low one and a
  // midpoint of the rest of low and 1.
  if (high !== null && high.length > 1) return high.charAt(0);
  return digits.charAt(lowDigit) + midpoint(low.slice(1), null);
}

/** Whether a string is a key this order writes: digits, not ending in 0. */
export function isOrderKey(value: string) {
  return /^[0-9]*[1-9]$/.test(value);
}
