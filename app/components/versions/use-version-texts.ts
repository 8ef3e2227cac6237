import { useEffect, useRef, useState } from "react";
import { api } from "~/lib/api-client.ts";
import type { Version } from "../../../shared/versions.ts";

/**
 * The whole text of the versions asked for, fetched once each while the dialog is open (a
 * version never changes but to be purged, when the panel forgets it).
 */
export function useVersionTexts(promptId: string, numbers: number[]) {
  const fetched = useRef(new Map<number, Version>());
  const [, setCount] = useState(0);
  const [failed, setFailed] = useState(false);
  const key = numbers.join(",");
  useEffect(() => {
    let current = true;
    const missing = key
      .split(",")
      .map(Number)
      .filter((number) => number > 0 && !fetched.current.has(number));
    for (const number of missing) {
      api<Version>("GET", `/api/v1/prompts/${promptId}/versions/${number}`)
        .then((version) => {
          fetched.current.set(number, version);
          if (current) setCount((count) => count + 1);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }
    return () => {
      current = false;
    };
  }, [promptId, key]);
  return {
    get: (number: number) => fetched.current.get(number),
    forget: (number: number) => fetched.current.delete(number),
    failed,
  };
}
