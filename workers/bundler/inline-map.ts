/**
 * Where the preview's DevTools list the user's files. Not the modules' own `playpen:///` URLs:
 * an original source with its generated script's URL would be shadowed by it.
 */
export const DEVTOOLS_SOURCE_ROOT = 'playpen://project/';

const base64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunked: String.fromCharCode with a whole large map's bytes overflows the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/**
 * Appends the source map to the module's code as a data URL, so the preview's DevTools show
 * the user's files (breakpoints, stepping). The host keeps mapping stacks with the JSON map.
 */
export function withInlineMap(code: string, map: string): string {
  const parsed = JSON.parse(map) as Record<string, unknown>;
  const json = JSON.stringify({ ...parsed, sourceRoot: DEVTOOLS_SOURCE_ROOT });
  return `${code}\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${base64(json)}`;
}
