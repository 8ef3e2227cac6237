import { readFileSync } from "node:fs";

/** A V8 CPU profile as the inspector writes it (`.cpuprofile`). */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
}

export interface ProfileSummary {
  /** Samples the process was at work (not idle), of all. */
  busy: number;
  samples: number;
  /** Share of the busy samples spent in each package (or our own file), in the code itself. */
  byPlace: [string, number][];
  /** Share of the busy samples spent in each function itself. */
  byFunction: [string, number][];
  /**
   * Share of the busy samples in each React component's own function, its hooks included but not
   * its children (React renders those from its own loop): what each component costs.
   */
  byComponent: [string, number][];
}

const idle = new Set(["(idle)", "(program)"]);

/** Where the sample's code lives: an npm package, or a path inside the project. */
function placeOf(url: string, functionName: string) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage?.[1]) return inPackage[1];
  if (!url) return functionName;
  return url.replace(/^file:\/\/.*?\/(build|app|server|shared)\//, "$1/");
}

/** The `top` heaviest places, functions and components of a profile file. */
export function summariseProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const inclusive = new Map<number, number>();
  const total = (id: number): number => {
    const known = inclusive.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const sum = (hits.get(id) ?? 0) + (node?.children ?? []).reduce((all, c) => all + total(c), 0);
    inclusive.set(id, sum);
    return sum;
  };

  let busy = 0;
  const place = new Map<string, number>();
  const fn = new Map<string, number>();
  const component = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) =>
    map.set(key, (map.get(key) ?? 0) + n);
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const n = hits.get(node.id) ?? 0;
    if (n > 0 && !idle.has(functionName)) {
      busy += n;
      add(place, placeOf(url, functionName), n);
      add(fn, `${functionName || "(anonymous)"} ${placeOf(url, "")}:${lineNumber + 1}`, n);
    }
    if (functionName === "renderWithHooks") {
      for (const child of node.children ?? []) {
        const frame = byId.get(child)?.callFrame;
        if (frame)
          add(
            component,
            `${frame.functionName || "(anonymous)"} ${placeOf(frame.url, "")}`,
            total(child),
          );
      }
    }
  }
  const share = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, n]): [string, number] => [key, busy ? n / busy : 0]);
  return {
    busy,
    samples: profile.samples.length,
    byPlace: share(place),
    byFunction: share(fn),
    byComponent: share(component),
  };
}
