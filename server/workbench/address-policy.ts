import { BlockList, isIP } from "node:net";

/**
 * Which addresses a model connection may reach besides the public internet
 * (CONNECTIONS_PRIVATE_ADDRESSES): none (refuse, the default), every private one (allow: a
 * self-hoster's Ollama beside the app), or only those listed (addresses and CIDR ranges).
 */
export type PrivateAddresses =
  | { kind: "refuse" }
  | { kind: "allow" }
  | { kind: "list"; entries: readonly string[] };

/** The setting as written; null when it is none of the three forms. */
export function readPrivateAddresses(value: string): PrivateAddresses | null {
  const text = value.trim();
  if (text === "refuse") return { kind: "refuse" };
  if (text === "allow") return { kind: "allow" };
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length || !entries.every((entry) => rangeOf(entry))) return null;
  return { kind: "list", entries };
}

/** `10.0.0.0/8` or a single address, as a range; null when it is neither. */
function rangeOf(
  entry: string,
): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (!/^\d+$/.test(prefixText ?? String(bits)) || prefix > bits) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

function blockListOf(entries: readonly string[]) {
  const list = new BlockList();
  for (const entry of entries) {
    const range = rangeOf(entry);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return list;
}

/**
 * Cloud metadata services: never called, whatever the setting says. No model runs there, and
 * they hand out the machine's own credentials.
 */
const metadata = blockListOf([
  "169.254.169.254",
  "169.254.170.2",
  "169.254.169.123",
  "100.100.100.200",
  "fd00:ec2::254",
]);

/** Addresses that are not the public internet, by what they are. */
const specialRanges: readonly (readonly [string, readonly string[]])[] = [
  ["a loopback address", ["127.0.0.0/8", "::1/128"]],
  ["an unspecified address", ["0.0.0.0/8", "::/128"]],
  [
    "a private network address",
    ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7"],
  ],
  ["a link-local address", ["169.254.0.0/16", "fe80::/10"]],
  [
    "a reserved address",
    [
      "192.0.0.0/24",
      "192.0.2.0/24",
      "198.18.0.0/15",
      "198.51.100.0/24",
      "203.0.113.0/24",
      "224.0.0.0/4",
      "240.0.0.0/4",
      "ff00::/8",
      "2001:db8::/32",
      "100::/64",
      // Addresses that carry an IPv4 address inside (NAT64, 6to4, Teredo) could reach any of the
      // above through a gateway.
      "64:ff9b::/96",
      "64:ff9b:1::/48",
      "2002::/16",
      "2001::/32",
    ],
  ],
];
const special = specialRanges.map(([what, ranges]) => [what, blockListOf(ranges)] as const);

/**
 * Why the server may not call this address under the policy, or null when it may. Also for an
 * IPv4 address written as IPv6 (::ffff:127.0.0.1), which the lists match as IPv4.
 */
export function addressRefusal(address: string, policy: PrivateAddresses): string | null {
  const bare = address.replace(/^\[|\]$/g, "");
  const version = isIP(bare);
  if (!version) return "not an IP address";
  const family = version === 4 ? "ipv4" : "ipv6";
  if (metadata.check(bare, family)) return `a cloud metadata address (${bare})`;
  const what = special.find(([, list]) => list.check(bare, family))?.[0];
  if (!what) return null;
  if (policy.kind === "allow") return null;
  if (policy.kind === "list" && allowedLists(policy).check(bare, family)) return null;
  return `${what} (${bare})`;
}

const listed = new WeakMap<PrivateAddresses, BlockList>();
function allowedLists(policy: PrivateAddresses & { kind: "list" }) {
  let list = listed.get(policy);
  if (!list) {
    list = blockListOf(policy.entries);
    listed.set(policy, list);
  }
  return list;
}
