import { expose } from 'comlink';
import type { Plugin } from 'prettier';
import type { PrettierPluginName } from '../src/format/parsers';
import { createFormatter } from './format/formatter';

// Each plugin is its own chunk, fetched the first time a file of its kind is formatted.
const PLUGINS: Record<PrettierPluginName, () => Promise<Plugin>> = {
  babel: () => import('prettier/plugins/babel') as Promise<Plugin>,
  estree: () => import('prettier/plugins/estree') as Promise<Plugin>,
  typescript: () => import('prettier/plugins/typescript') as Promise<Plugin>,
  postcss: () => import('prettier/plugins/postcss') as Promise<Plugin>,
  html: () => import('prettier/plugins/html') as Promise<Plugin>,
  markdown: () => import('prettier/plugins/markdown') as Promise<Plugin>,
  svelte: () => import('prettier-plugin-svelte/browser') as Promise<Plugin>,
};

expose(
  createFormatter({
    loadPrettier: () => import('prettier/standalone'),
    loadPlugin: (name) => PLUGINS[name](),
    parseYaml: async (text) => (await import('yaml')).parse(text),
  }),
);
