/** base64url (RFC 4648 §5) without padding: the alphabet that survives URLs and chat apps. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out +=
      ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

export type DecodeBase64Result = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

/** Strict decoding: any character outside the alphabet (padding included) is reported by position. */
export function decodeBase64Url(text: string): DecodeBase64Result {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || VALUES[code] === -1) {
      const shown = /\s/.test(text[i]!) ? 'a space or line break' : `“${text[i]}”`;
      return {
        ok: false,
        error: `it contains ${shown} at position ${i + 1}, which a Playpen link never has`,
      };
    }
  }
  if (text.length % 4 === 1)
    return {
      ok: false,
      error: 'its length is impossible for a Playpen link (cut off mid-character?)',
    };
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let i = 0;
  const v = (k: number) => VALUES[text.charCodeAt(k)]!;
  for (; i + 3 < text.length; i += 4) {
    const n = (v(i) << 18) | (v(i + 1) << 12) | (v(i + 2) << 6) | v(i + 3);
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = text.length - i;
  if (rest >= 2) {
    const n = (v(i) << 18) | (v(i + 1) << 12) | (rest === 3 ? v(i + 2) << 6 : 0);
    out[o++] = n >> 16;
    if (rest === 3) out[o] = (n >> 8) & 255;
  }
  return { ok: true, bytes: out };
}
