import { describe, expect, it } from "vitest";
import { uses } from "./browse-card.tsx";

describe("a browse card's counts", () => {
  it("never says 0 copies, and names saves beside copies (issue 42)", () => {
    expect(uses({ copyCount: 0, saveCount: 0 })).toBe("");
    expect(uses({ copyCount: 0, saveCount: 1 })).toBe("saved by 1");
    expect(uses({ copyCount: 1, saveCount: 0 })).toBe("1 copy");
    expect(uses({ copyCount: 1200, saveCount: 3 })).toBe("1,200 copies · saved by 3");
  });
});
