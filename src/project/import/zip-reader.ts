/**
 * A zip reader that trusts nothing: sizes come from the central directory and are checked
 * by the caller BEFORE anything is inflated, and inflating stops the moment the output
 * passes the declared size (a zip that lies about sizes never gets to fill memory).
 */
import { Inflate, inflateSync } from 'fflate';

export interface ZipEntry {
  /** As stored (may hold `..`, `\`, a leading `/`: the caller checks). */
  name: string;
  /** Uncompressed size declared by the central directory. */
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflate; anything else is unsupported. */
  method: number;
  encrypted: boolean;
  crc: number;
  /** Offset of the local header. */
  offset: number;
}

/** A zip that can't be read; the message (a clause, no full stop) follows the zip's name. */
export class ZipError extends Error {}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;
/** Compressed bytes fed per step: bounds what one step can inflate to (~1,000× this). */
const STEP = 4096;

const damaged = (why: string) => new ZipError(`it isn’t a readable zip file (${why})`);

function view(zip: Uint8Array) {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const check = (at: number, len: number) => {
    if (at < 0 || at + len > zip.length) throw damaged('it ends too early');
  };
  return {
    u16: (at: number) => (check(at, 2), dv.getUint16(at, true)),
    u32: (at: number) => (check(at, 4), dv.getUint32(at, true)),
    u64: (at: number) => {
      check(at, 8);
      const n = dv.getUint32(at, true) + dv.getUint32(at + 4, true) * 2 ** 32;
      if (!Number.isSafeInteger(n)) throw damaged('a size is impossibly large');
      return n;
    },
  };
}

function findEnd(zip: Uint8Array, u32: (at: number) => number): number {
  const stop = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= stop; at--) if (u32(at) === EOCD) return at;
  throw damaged('no zip directory found');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Names are UTF-8 in every zip made this century; old ones fall back to Latin-1. */
function decodeName(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return String.fromCharCode(...bytes);
  }
}

/** Reads the central directory; throws TooManyEntries before reading more than `maxEntries`. */
export function readDirectory(zip: Uint8Array, maxEntries: number): ZipEntry[] {
  const { u16, u32, u64 } = view(zip);
  const end = findEnd(zip, u32);
  let count = u16(end + 10);
  let dirOffset = u32(end + 16);
  if ((count === 0xffff || dirOffset === MAX32) && end >= 20 && u32(end - 20) === LOCATOR64) {
    const at = u64(end - 12);
    if (u32(at) !== EOCD64) throw damaged('its zip64 directory is missing');
    count = u64(at + 32);
    dirOffset = u64(at + 48);
  }
  if (count > maxEntries) throw new TooManyEntries(count);
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (u32(at) !== CENTRAL) throw damaged('its directory is corrupt');
    const flags = u16(at + 8);
    const nameLen = u16(at + 28);
    const extraLen = u16(at + 30);
    const commentLen = u16(at + 32);
    let size = u32(at + 24);
    let compressedSize = u32(at + 20);
    let offset = u32(at + 42);
    const nameAt = at + 46;
    if (nameAt + nameLen > zip.length) throw damaged('it ends too early');
    // Zip64: the real values sit in extra field 0x0001, in this order, for fields at MAX32.
    for (let x = nameAt + nameLen; x + 4 <= nameAt + nameLen + extraLen;) {
      const id = u16(x);
      const len = u16(x + 2);
      if (id === 1) {
        let f = x + 4;
        if (size === MAX32) {
          size = u64(f);
          f += 8;
        }
        if (compressedSize === MAX32) {
          compressedSize = u64(f);
          f += 8;
        }
        if (offset === MAX32) offset = u64(f);
      }
      x += 4 + len;
    }
    entries.push({
      name: decodeName(zip.subarray(nameAt, nameAt + nameLen)),
      size,
      compressedSize,
      method: u16(at + 10),
      encrypted: (flags & 1) === 1,
      crc: u32(at + 16),
      offset,
    });
    at = nameAt + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Thrown before reading a directory with more entries than allowed. */
export class TooManyEntries extends Error {
  constructor(readonly count: number) {
    super(`The zip holds ${count} entries.`);
  }
}

/** Thrown when an entry inflates past the size its directory declared. */
export class SizeLie extends ZipError {}

/** The entry's bytes; never more than `entry.size` of them are produced. */
export function extractEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const { u16, u32 } = view(zip);
  if (entry.encrypted) throw new ZipError(`“${entry.name}” is encrypted, which isn’t supported`);
  if (u32(entry.offset) !== LOCAL) throw damaged(`the header of “${entry.name}” is missing`);
  const start = entry.offset + 30 + u16(entry.offset + 26) + u16(entry.offset + 28);
  if (start + entry.compressedSize > zip.length) throw damaged('it ends too early');
  const data = zip.subarray(start, start + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) {
    if (data.length !== entry.size)
      throw new SizeLie(
        `“${entry.name}” isn’t the size its header declares: the zip is damaged or hostile`,
      );
    out = data.slice();
  } else if (entry.method === 8) out = inflateCapped(data, entry);
  else
    throw new ZipError(
      `“${entry.name}” uses compression method ${entry.method}; only standard (deflate) zips are supported`,
    );
  if (crc32(out) !== entry.crc) throw damaged(`“${entry.name}” fails its checksum`);
  return out;
}

/** Below this, one-shot inflating into a fixed buffer is cheap even when the sizes lie. */
const ONE_SHOT = 64 * 1024;

function inflateCapped(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const lie = () =>
    new SizeLie(
      `“${entry.name}” unpacks to more than the ${entry.size} bytes its header declares: the zip is damaged or hostile`,
    );
  if (data.length <= ONE_SHOT) {
    // A fixed output buffer never grows: one byte of room past the declared size shows a lie.
    let out: Uint8Array;
    try {
      out = inflateSync(data, { out: new Uint8Array(entry.size + 1) });
    } catch {
      throw damaged(`“${entry.name}” is corrupt`);
    }
    if (out.length > entry.size) throw lie();
    if (out.length < entry.size) throw damaged(`“${entry.name}” is shorter than declared`);
    return out;
  }
  const out = new Uint8Array(entry.size);
  let filled = 0;
  let done = false;
  const inflate = new Inflate((chunk, final) => {
    if (filled + chunk.length > entry.size) throw lie();
    out.set(chunk, filled);
    filled += chunk.length;
    done ||= final;
  });
  try {
    for (let i = 0; i < data.length || i === 0; i += STEP)
      inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw damaged(`“${entry.name}” is corrupt`);
  }
  if (!done || filled !== entry.size) throw damaged(`“${entry.name}” is shorter than declared`);
  return out;
}

let table: Uint32Array | undefined;
export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++)
    crc = (table[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
