import { describe, expect, it } from "vitest";
import { isOrderKey, keyBetween } from "./order-key.ts";

describe("manual order keys", () => {
  it("always finds a key strictly between two, never ending in 0", () => {
    const cases: [string | null, string | null][] = [
      [null, null],
      [null, "5"],
      [null, "00001"],
      ["5", null],
      ["99999", null],
      ["1", "2"],
      ["1", "11"],
      ["19", "2"],
      ["0999", "1"],
      ["82045123456785", "82045123456795"],
      ["4", "41"],
    ];
    for (const [low, high] of cases) {
      const key = keyBetween(low, high);
      expect(isOrderKey(key), `${low} ${high} -> ${key}`).toBe(true);
      if (low !== null) expect(key > low, `${key} > ${low}`).toBe(true);
      if (high !== null) expect(key < high, `${key} < ${high}`).toBe(true);
    }
  });

  it("keeps finding room after many moves into the same gap, growing slowly", () => {
    let low = "3";
    let high = "4";
    for (let move = 0; move < 200; move++) {
      const key = keyBetween(low, high);
      expect(key > low && key < high).toBe(true);
      if (move % 2 === 0) low = key;
      else high = key;
    }
    expect(high.length).toBeLessThan(80);
    let first = "5";
    for (let move = 0; move < 200; move++) {
      const key = keyBetween(null, first);
      expect(key < first && isOrderKey(key)).toBe(true);
      first = key;
    }
  });

  it("refuses bounds out of order", () => {
    expect(() => keyBetween("5", "4")).toThrow();
  });
});
