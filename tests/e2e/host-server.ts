/**
 * Host pages for the embed SDK's tests: a plain HTTP server on a free port, on `localhost`
 * while Playpen is served on `127.0.0.1`, so the host is another origin and another site (as
 * a documentation site embedding Playpen is: the embed runs in a process of its own).
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface HostServer {
  /** The host page's origin, `http://localhost:<port>`. */
  origin: string;
  /** Serves `html` at `path` (e.g. `/page.html`). */
  page(path: string, html: string): string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Starts the server; `dir`, when given, is served for paths no page takes (a built app). */
export async function startHostServer(dir?: string): Promise<HostServer> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const html = pages.get(path);
    if (html !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
      return void res.end(html);
    }
    if (!dir) return void res.writeHead(404).end('not found');
    const file = join(dir, normalize(path === '/' ? '/index.html' : path));
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page(path, html) {
      pages.set(path, html);
      return origin + path;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A host page: `body`, then a module script (`script`) that may import the SDK as `sdk`. */
export function hostPage(body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Host page</title></head>
<body style="margin:0;font-family:sans-serif">
${body}
<script type="module">
${script}
</script>
</body>
</html>`;
}

/** Host-page code: every event of the handle `pp` goes to `window.events` as `[name, data]`. */
export const RECORD_EVENTS = `
window.events = [];
window.record = (pp) => {
  for (const name of ['ready', 'change', 'build', 'run', 'console', 'error', 'tick'])
    pp.on(name, (data) => window.events.push([name, data]));
};`;

/**
 * A long course page: `count` sections, each an embed (lazy, the default) and prose after it;
 * each lesson's program logs "lesson <i> ran", which the page collects in `window.heard` (and
 * the time it heard it, on the page's clock, in `window.heardAt`).
 */
export const lessonsPage = (app: string, count: number) =>
  hostPage(
    '<h1>Lessons</h1><main id="lessons"></main>',
    `import { createPlaypen } from '${app}sdk/playpen.js';
    window.heard = [];
    window.heardAt = [];
    for (let i = 1; i <= ${count}; i++) {
      const section = document.createElement('section');
      section.innerHTML = '<h2>Lesson ' + i + '</h2><div class="embed"></div><p style="height:360px">Prose.</p>';
      document.getElementById('lessons').append(section);
      const pp = createPlaypen(section.querySelector('.embed'), {
        height: 480,
        title: 'Lesson ' + i,
        files: { 'src/main.ts': "console.log('lesson " + i + " ran');\\n" },
      });
      pp.on('console', (e) => {
        heard.push(e.text);
        heardAt.push(performance.now());
      });
    }`,
  );
