/**
 * The prebuilt React modules, as lazy factories: nothing of React is evaluated when this
 * bundle loads, only on the first require of each id. React captures setTimeout,
 * MessageChannel and performance when it is evaluated, and the virtual clock must be in
 * place by then. React is CommonJS, so the bundler wraps each package in a lazy
 * `__commonJS` initialiser and `require` below runs it on first call.
 */
import type { VENDOR_BUNDLES } from '../protocol/index.ts';

declare const require: (id: string) => unknown;

export const factories: Record<(typeof VENDOR_BUNDLES)['react'][number], () => unknown> = {
  react: () => require('react'),
  'react-dom': () => require('react-dom'),
  'react-dom/client': () => require('react-dom/client'),
  'react/jsx-runtime': () => require('react/jsx-runtime'),
  'react/jsx-dev-runtime': () => require('react/jsx-dev-runtime'),
};
