/**
 * Pins the packages an exported project imports without declaring them: their current
 * version, asked from the npm registry at export time. When the registry cannot be reached,
 * the last version known is used, else none (the export writes "latest" and says so).
 */

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org';

export interface RegistryOptions {
  /** Registry base URL (a mirror or a company registry); npm's by default. */
  registry?: string;
  /** fetch, injected so tests run without the network. */
  fetch?: (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;
  /** Versions to fall back on when the registry does not answer (shipped, or seen before). */
  lastKnown?: Readonly<Record<string, string>>;
  /** One package's lookup gives up after this long, in ms. */
  timeoutMs?: number;
}

export interface ResolvedVersions {
  /** Package → exact version, from the registry or the last known one. */
  versions: Record<string, string>;
  /** Packages the registry did not answer for, pinned to the last version known instead. */
  fromLastKnown: string[];
  /** Packages with no version at all (no answer, none known). */
  unpinned: string[];
}

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const NAME = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i;

/** `<registry>/<name>/latest`; a scope's slash is escaped as the registry expects. */
export function latestUrl(registry: string, name: string): string {
  return `${registry.replace(/\/+$/, '')}/${name.replace('/', '%2F')}/latest`;
}

/** The registry's current version of `name`, or null (unreachable, unknown, odd answer). */
async function askRegistry(name: string, opts: RegistryOptions): Promise<string | null> {
  if (!NAME.test(name)) return null;
  const doFetch = opts.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 8000);
  try {
    const res = await doFetch(latestUrl(opts.registry ?? DEFAULT_REGISTRY, name), {
      signal: controller.signal,
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: unknown } | null;
    const version = body && typeof body === 'object' ? body.version : undefined;
    return typeof version === 'string' && VERSION.test(version) ? version : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Looks every package up at once; never rejects. */
export async function resolveVersions(
  names: readonly string[],
  opts: RegistryOptions = {},
): Promise<ResolvedVersions> {
  const answers = await Promise.all(names.map((name) => askRegistry(name, opts)));
  const out: ResolvedVersions = { versions: {}, fromLastKnown: [], unpinned: [] };
  names.forEach((name, i) => {
    const version = answers[i];
    const known = opts.lastKnown?.[name];
    if (version) out.versions[name] = version;
    else if (known && Object.hasOwn(opts.lastKnown!, name)) {
      out.versions[name] = known;
      out.fromLastKnown.push(name);
    } else out.unpinned.push(name);
  });
  return out;
}
