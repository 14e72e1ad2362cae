import type { Project } from '../../protocol';

/** A project from path → text, so templates read as plain sources. */
export function textProject(name: string, entry: string, sources: Record<string, string>): Project {
  const files: Project['files'] = {};
  for (const [path, text] of Object.entries(sources)) files[path] = { kind: 'text', text };
  return { name, entry, files };
}

/** index.html that loads `entry` as a module, as Vite projects do. */
export function indexHtml(title: string, body: string, entry: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${title}</title>
  </head>
  <body>
    ${body}
    <script type="module" src="/${entry}"></script>
  </body>
</html>
`;
}

/** Base styles every template shares: readable, centred, light and dark. */
export const BASE_CSS = `:root {
  color-scheme: light dark;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
  color: #1f2430;
  background: #f6f7fb;
}

@media (prefers-color-scheme: dark) {
  :root {
    color: #e6e8ef;
    background: #171a21;
  }
}

body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
}

button {
  font: inherit;
  padding: 0.5em 1.1em;
  border: 1px solid transparent;
  border-radius: 8px;
  color: white;
  background: #5b5bd6;
  cursor: pointer;
  transition: background 0.15s;
}

button:hover {
  background: #4a4ac4;
}

button:focus-visible {
  outline: 3px solid #a5a5f5;
  outline-offset: 2px;
}
`;
