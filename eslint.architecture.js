/**
 * The map of Playpen's parts (docs/architecture.md), enforced: which folder may import which.
 * `npm run lint` fails on an import the map does not allow, type imports included. The allowed
 * edges form no cycle, so no two folders can come to import each other.
 */
import boundaries from 'eslint-plugin-boundaries';

/** Each part: its files, and the parts it may import besides itself. */
export const PARTS = {
  protocol: { files: 'src/protocol', may: [] },
  runtime: { files: 'src/runtime', may: ['protocol'] },
  project: { files: 'src/project', may: ['protocol'] },
  format: { files: 'src/format', may: ['project', 'protocol'] },
  workers: { files: 'workers', may: ['project', 'protocol', 'format'] },
  preview: { files: 'src/preview', may: ['protocol'] },
  ui: { files: 'src/ui', may: [] },
  console: { files: 'src/console', may: ['protocol', 'ui'] },
  problems: { files: 'src/problems', may: ['protocol', 'ui'] },
  run: { files: 'src/run', may: ['preview', 'project', 'protocol', 'console', 'ui'] },
  editor: { files: 'src/editor', may: ['format', 'project', 'protocol', 'ui'] },
  probes: {
    files: 'src/probes',
    may: ['preview', 'project', 'protocol', 'console', 'run', 'editor', 'ui'],
  },
  files: { files: 'src/files', may: ['project', 'protocol', 'ui'] },
  settings: { files: 'src/settings', may: ['editor', 'protocol', 'ui'] },
  share: { files: 'src/share', may: ['files', 'project', 'protocol', 'ui'] },
  'saved-projects': { files: 'src/saved-projects', may: ['project', 'protocol', 'ui'] },
  // The embed SDK's module, on the host page: the protocol's types and constants, nothing else.
  sdk: { files: 'src/sdk', may: ['protocol'] },
  // The embed's side of the SDK: its handshake, the API on the session's parts, the events.
  embed: {
    files: 'src/embed',
    may: ['protocol', 'project', 'format', 'console', 'run', 'ui'],
  },
  app: {
    files: 'src/app',
    may: [
      'protocol',
      'project',
      'format',
      'preview',
      'ui',
      'console',
      'problems',
      'run',
      'probes',
      'editor',
      'files',
      'settings',
      'share',
      'saved-projects',
      'embed',
    ],
  },
};

/** Packages for the page's UI only: the core (model, protocol, worker, run loop, preview, runtime) runs without them. */
const UI_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-aria-components',
  'lucide-react',
  'monaco-editor',
  'monaco-vim',
  'monaco-emacs',
  'emmet-monaco-es',
  'react-resizable-panels',
].map((name) => ({ name, message: 'The core imports no UI library (docs/architecture.md).' }));

export default [
  {
    // The page's entry starts the app and Monaco's chunks; it is no part of its own.
    files: ['src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*', '!./app', '!./app/*', '!./editor', '!./editor/*'],
              message: 'The entry imports only app/ and editor/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': Object.entries(PARTS).map(([type, part]) => ({
        type,
        pattern: part.files,
      })),
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(PARTS).map(([type, part]) => ({
            from: { element: { type } },
            allow: { to: { element: { type: [type, ...part.may] } } },
          })),
        },
      ],
    },
  },
  {
    files: [
      'src/protocol/**',
      'src/runtime/**',
      'src/project/**',
      'workers/**',
      'src/preview/**',
      'src/run/**/*.ts',
      'src/probes/**/*.ts',
      'src/embed/**',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: UI_PACKAGES }] },
  },
  {
    // The SDK runs in other people's pages: no dependency (React only in its own entry).
    files: ['src/sdk/**'],
    ignores: ['src/sdk/react.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^[^.]', message: 'The SDK module has no dependencies.' },
            {
              regex: '^\\.\\./protocol/(?!embed$)',
              message: 'The SDK takes only the embed protocol (src/protocol/embed.ts).',
            },
          ],
        },
      ],
    },
  },
];
