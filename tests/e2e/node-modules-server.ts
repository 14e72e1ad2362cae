/**
 * A local stand-in for an npm CDN (jsDelivr's /npm/, unpkg), serving the real files of the
 * packages installed in node_modules: `/<name>@<version or range>/<file>` sends the file,
 * `/<name>@<version>` the package's ESM entry. A version the installed one does not match
 * is a 404, as on a CDN that has only that version. Used by unit and end-to-end tests;
 * never the internet.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';

export interface NodeModulesServer {
  /** `http://127.0.0.1:<port>/`, the base URL to configure. */
  base: string;
  /** Every request's path, in order. */
  requests: string[];
  /** While true every request is answered 503 (the source is down). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../../node_modules');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.ts': 'text/plain',
  '.mts': 'text/plain',
  '.cts': 'text/plain',
};

const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10));
const atLeast = (a: number[], b: number[]) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

/** Whether the installed version matches a spec: exact, `^`, `~`, a partial `4` or `4.0`, latest. */
export function matchesVersion(installed: string, spec: string | undefined): boolean {
  if (!spec || spec === 'latest' || spec === '*') return true;
  const match = /^([~^]?)v?(\d+(?:\.\d+){0,2})$/.exec(spec.trim());
  if (!match) return false;
  const [have, want] = [parts(installed), parts(match[2]!)];
  if (match[1] === '^') {
    const fixed = have[0] === 0 ? 2 : 1;
    return have.slice(0, fixed).join() === want.slice(0, fixed).join() && atLeast(have, want);
  }
  if (match[1] === '~')
    return have.slice(0, 2).join() === want.slice(0, 2).join() && atLeast(have, want);
  return want.every((n, i) => have[i] === n);
}

/**
 * Serves node_modules, and after it each folder of `roots` (packages laid out as in
 * node_modules, for a layout no installed package has).
 */
export async function startNodeModulesServer(
  roots: readonly string[] = [],
): Promise<NodeModulesServer> {
  const folders = [ROOT, ...roots.map((root) => resolve(root))];
  const requests: string[] = [];
  let down = false;
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push(url);
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      res.end(body);
    };
    if (down) return send(503, 'down');
    const match = /^\/((?:@[^/@]+\/)?[^/@]+)(?:@([^/]+))?(\/.*)?$/.exec(url);
    if (!match) return send(404, 'not found');
    const [, name, spec, file = ''] = match;
    void (async () => {
      try {
        let dir = '';
        let pkg: { version: string; module?: string; main?: string } | undefined;
        for (const folder of folders) {
          dir = join(folder, name!);
          pkg = await readFile(join(dir, 'package.json'), 'utf8').then(JSON.parse, () => undefined);
          if (pkg) break;
        }
        if (!pkg) return send(404, 'not found');
        if (!matchesVersion(pkg.version, spec)) return send(404, 'no such version');
        const path = resolve(
          dir,
          '.' + (file && file !== '/' ? file : '/' + (pkg.module ?? pkg.main ?? 'index.js')),
        );
        if (!path.startsWith(dir + sep)) return send(404, 'not found');
        const ext = /\.[a-z]+$/.exec(path)?.[0] ?? '';
        send(200, await readFile(path), TYPES[ext] ?? 'application/octet-stream');
      } catch {
        send(404, 'not found');
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    setDown: (value) => (down = value),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
