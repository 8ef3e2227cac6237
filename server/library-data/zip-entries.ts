import { Inflate } from "fflate";
import { fail } from "./import-rules.ts";

/** What one zip may hold; see docs/imports-exports.md. */
export interface ZipLimits {
  /** Entries, files and folders alike. */
  entries: number;
  /** Bytes all its entries unpack to, together. */
  unpackedBytes: number;
  /** Folders above a file, counted from the top of the zip. */
  depth: number;
}

export interface ZipEntry {
  path: string;
  method: number;
  packedSize: number;
  size: number;
  dataStart: number;
}

const endRecord = 0x06054b50;
const directoryRecord = 0x02014b50;
const localRecord = 0x04034b50;

/**
 * A zip's entries, read from its central directory, every rule checked before anything is
 * unpacked: how many there are, how much they unpack to (as the zip says; `unpack` holds each
 * entry to it), and paths that stay inside the zip (no `..`, no absolute path) and are not
 * deeper than the limit. Only stored and deflated entries are read; encrypted ones and ZIP64
 * archives (which a file this size never needs) are refused.
 */
export function zipEntries(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : damaged());
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : damaged());
  let end = bytes.length - 22;
  while (end >= 0 && end >= bytes.length - 22 - 65_535 && u32(end) !== endRecord) end--;
  if (end < 0 || u32(end) !== endRecord) damaged("its table of contents is missing");
  const count = u16(end + 10);
  let at = u32(end + 16);
  if (count === 0xffff || at === 0xffffffff)
    fail("The zip", "it is a ZIP64 archive, which is not read");
  if (count > limits.entries) {
    fail(
      "The zip",
      `it holds more than ${limits.entries.toLocaleString("en-US")} entries (files and folders), the most one import takes`,
      "payload_too_large",
      "import_too_large",
    );
  }
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  for (let index = 0; index < count; index++) {
    if (u32(at) !== directoryRecord) damaged();
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const packedSize = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
    const local = u32(at + 42);
    if (at + 46 + nameLength > bytes.length) damaged();
    const path = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at = next;
    const where = `"${path.slice(0, 120)}"`;
    checkPath(path, where, limits.depth);
    if (path.endsWith("/")) continue;
    if (flags & 1) fail(where, "it is encrypted, and encrypted zips are not read");
    if (method !== 0 && method !== 8)
      fail(where, `it is packed in a way zips rarely use (method ${method})`);
    unpacked += size;
    if (unpacked > limits.unpackedBytes) {
      fail(
        "The zip",
        `it unpacks to more than ${megabytes(limits.unpackedBytes)}, the most one import takes`,
        "payload_too_large",
        "import_too_large",
      );
    }
    if (u32(local) !== localRecord) damaged();
    const dataStart = local + 30 + u16(local + 26) + u16(local + 28);
    if (dataStart + packedSize > bytes.length) damaged();
    entries.push({ path, method, packedSize, size, dataStart });
  }
  return entries;
}

/** Refuses a path that would leave the folder a zip is unpacked in, or one nested too deep. */
function checkPath(path: string, where: string, depthLimit: number) {
  const parts = path.replaceAll("\\", "/").split("/");
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) {
    fail(where, "its path is absolute, and a zip's paths must stay inside it");
  }
  if (parts.includes("..")) fail(where, "its path climbs out of the zip (..)");
  const folders = parts.slice(0, -1).filter((part) => part !== "" && part !== ".").length;
  if (folders > depthLimit) {
    fail(
      where,
      `its path is ${folders} folders deep, and a zip's paths may be at most ${depthLimit} deep`,
    );
  }
}

/** One entry's bytes, unpacked a piece at a time and held to the size the zip gave for it. */
export function unpack(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const where = `"${entry.path.slice(0, 120)}"`;
  const packed = bytes.subarray(entry.dataStart, entry.dataStart + entry.packedSize);
  if (entry.method === 0) {
    if (packed.length !== entry.size) fail(where, "its size is not what the zip says");
    return packed;
  }
  const out = new Uint8Array(entry.size);
  let written = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > out.length) over = true;
    else out.set(chunk, written);
    written += chunk.length;
  });
  try {
    // Small pieces, so a piece that unpacks a thousandfold still makes at most 16 MB.
    for (let start = 0; start < packed.length && !over; start += 16_384) {
      inflater.push(packed.subarray(start, start + 16_384), start + 16_384 >= packed.length);
    }
    if (packed.length === 0) inflater.push(new Uint8Array(0), true);
  } catch {
    damaged(`${where} cannot be unpacked`);
  }
  if (over || written !== entry.size) fail(where, "it unpacks to more or less than the zip says");
  return out;
}

function damaged(reason = "its table of contents is broken"): never {
  return fail("The zip", `it is damaged: ${reason}`);
}

function megabytes(bytes: number) {
  const mb = bytes / 1_048_576;
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes.toLocaleString("en-US")} bytes`;
}
