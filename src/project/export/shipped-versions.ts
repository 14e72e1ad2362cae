/**
 * The versions Playpen itself is built with, read from the installed packages at build time,
 * so an exported project runs on the same React the preview ran.
 */
import { version as react } from 'react/package.json';
import { version as reactDom } from 'react-dom/package.json';
import { version as typescript } from 'typescript/package.json';
import { version as vite } from 'vite/package.json';
import { version as vue } from 'vue/package.json';
import { version as svelte } from 'svelte/package.json';
// Its package "exports" hide package.json, so it is read by path.
import { version as pluginReact } from '../../../node_modules/@vitejs/plugin-react/package.json';
import { version as pluginVue } from '../../../node_modules/@vitejs/plugin-vue/package.json';
import { version as pluginSvelte } from '../../../node_modules/@sveltejs/vite-plugin-svelte/package.json';
import type { ToolVersions } from './export-package';

export const SHIPPED_VERSIONS: ToolVersions = {
  react,
  'react-dom': reactDom,
  vite,
  '@vitejs/plugin-react': pluginReact,
  typescript,
  vue,
  '@vitejs/plugin-vue': pluginVue,
  svelte,
  '@sveltejs/vite-plugin-svelte': pluginSvelte,
};
