/** Text as written inside HTML: the first line break and the common indentation removed. */
export function dedent(text: string): string {
  const lines = text
    .replace(/^\r?\n/, '')
    .trimEnd()
    .split(/\r?\n/);
  const indent = Math.min(
    ...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length),
  );
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n') + '\n';
}
