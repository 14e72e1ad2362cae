import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { matchesVersion } from '../../e2e/node-modules-server';

const ROOT = resolve(import.meta.dirname, '../../../node_modules');

/** The package's installed package.json, or undefined. */
const installed = (name: string) =>
  readFile(join(ROOT, name, 'package.json'), 'utf8').then(
    (text) => JSON.parse(text) as { version: string },
    () => undefined,
  );

/** A package's folder in node_modules as an npm tarball (gzipped tar, files under `package/`). */
const tarballs = new Map<string, Promise<Buffer>>();
function tarball(name: string): Promise<Buffer> {
  let packed = tarballs.get(name);
  if (!packed) {
    packed = new Promise((done, fail) =>
      execFile(
        'tar',
        [
          '-czf',
          '-',
          '-C',
          join(ROOT, name),
          '--exclude=./node_modules',
          '--transform=s,^\\.,package,',
          '.',
        ],
        { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
        (error, stdout) => (error ? fail(error) : done(stdout)),
      ),
    );
    tarballs.set(name, packed);
  }
  return packed;
}

/**
 * The two npm services the Svelte playground's bundler worker fetches from (repl/workers/npm.ts),
 * answered from this machine's node_modules under `/__local-npm/`, so the peer fetches nothing
 * from another host:
 * - `resolve/<name>?specifier=<range>`: jsDelivr's version API (`{ "version": … }`), the
 *   installed version when it matches the range, else 404;
 * - `registry/<name>/-/<base>-<version>.tgz`: the registry's tarball of the installed version.
 * `requests` lists every path asked for, in order.
 */
export function localNpm(requests: string[] = []): Plugin {
  const handle = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!url.pathname.startsWith('/__local-npm/')) return next();
    const path = decodeURIComponent(url.pathname.slice('/__local-npm/'.length));
    requests.push(path + url.search);
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      res.end(body);
    };
    void (async () => {
      const resolveMatch = /^resolve\/((?:@[^/]+\/)?[^/]+)$/.exec(path);
      const tarMatch = /^registry\/((?:@[^/]+\/)?[^/]+)\/-\/.+-(\d[^/]*)\.tgz$/.exec(path);
      const name = resolveMatch?.[1] ?? tarMatch?.[1];
      const pkg = name ? await installed(name) : undefined;
      if (!name || !pkg) return send(404, 'not found');
      if (resolveMatch) {
        const spec = url.searchParams.get('specifier') ?? 'latest';
        if (!matchesVersion(pkg.version, spec)) return send(404, `no ${name}@${spec} here`);
        return send(200, JSON.stringify({ version: pkg.version }), 'application/json');
      }
      if (tarMatch?.[2] !== pkg.version) return send(404, `only ${name}@${pkg.version} here`);
      send(200, await tarball(name), 'application/octet-stream');
    })().catch((error: unknown) => send(500, String(error)));
  };
  return {
    name: 'playpen-bench-local-npm',
    configurePreviewServer: (server) => void server.middlewares.use(handle),
    configureServer: (server) => void server.middlewares.use(handle),
  };
}
