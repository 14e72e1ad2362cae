/** FNV-1a over the body's HTML (first 200,000 characters, plus the length): cheap per tick. */
export function domHash(doc: Document): number {
  const html = doc.body?.innerHTML ?? '';
  let h = 0x811c9dc5 ^ html.length;
  const n = Math.min(html.length, 200_000);
  for (let i = 0; i < n; i++) {
    h ^= html.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
