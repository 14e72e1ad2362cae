/** Saves bytes as a file the way browsers allow: an object URL on a temporary a[download]. */
export function downloadBytes(
  bytes: Uint8Array,
  fileName: string,
  mime: string,
  doc: Document = document,
): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  doc.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
