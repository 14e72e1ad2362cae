/**
 * Compiles a wasm module while it downloads. Streaming compilation is also what lets the
 * browser keep the optimised code in its cache for the next visit; a server that does not send
 * `application/wasm` gets the buffered path instead of an error.
 */
export async function compileWasm(
  fetchImpl: typeof fetch,
  url: string,
): Promise<WebAssembly.Module> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`Could not download ${url} (HTTP ${response.status})`);
  const type = response.headers.get('Content-Type') ?? '';
  if (/^application\/wasm(;|$)/i.test(type)) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}
