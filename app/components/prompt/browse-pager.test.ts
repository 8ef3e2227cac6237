import { expect, it } from "vitest";
import { browseCountMax, browsePagesMax } from "../../../shared/browse.ts";
import { lastPage, pageNumbers } from "./browse-pager.tsx";

it("numbers the first and last page and this one's neighbours, a gap for the rest", () => {
  expect(pageNumbers(1, 1)).toEqual([1]);
  expect(pageNumbers(1, 50)).toEqual([1, 2, null, 50]);
  expect(pageNumbers(5, 50)).toEqual([1, null, 4, 5, 6, null, 50]);
  // A gap of one page shows that page instead.
  expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(pageNumbers(50, 50)).toEqual([1, null, 49, 50]);
});

it("offers pages up to the count's last, at most the limit; a search, one page ahead", () => {
  expect(lastPage(1, true, 60)).toBe(3);
  expect(lastPage(1, false, 0)).toBe(1);
  expect(lastPage(2, true, browseCountMax + 1)).toBe(browsePagesMax);
  expect(lastPage(4, true, null)).toBe(5);
  expect(lastPage(browsePagesMax, true, null)).toBe(browsePagesMax);
  expect(lastPage(4, false, null)).toBe(4);
});
