/// <reference types="vite/client" />
// The peer of `npm run bench`: @vue/repl as its own playground sets it up (Repl component,
// store, CodeMirror editor, preview in its same-origin iframe), with every URL the preview
// loads served from this machine instead of a CDN.
import { createApp, h, ref } from 'vue';
import { Repl, useStore, useVueImportMap } from '@vue/repl';
import CodeMirror from '@vue/repl/codemirror-editor';
import '@vue/repl/style.css';
// The runtime @vue/repl itself picks for Vue 3.5 (runtime-dom, esm-browser), from node_modules.
import runtimeDev from '@vue/runtime-dom/dist/runtime-dom.esm-browser.js?url';
import runtimeProd from '@vue/runtime-dom/dist/runtime-dom.esm-browser.prod.js?url';
import serverRenderer from '@vue/server-renderer/dist/server-renderer.esm-browser.js?url';
import esModuleShims from 'es-module-shims/wasm?url';

const absolute = (url: string) => new URL(url, location.href).href;

const { importMap, vueVersion } = useVueImportMap({
  runtimeDev: absolute(runtimeDev),
  runtimeProd: absolute(runtimeProd),
  serverRenderer: absolute(serverRenderer),
});
const store = useStore({
  builtinImportMap: importMap,
  vueVersion,
  resourceLinks: ref({ esModuleShims: absolute(esModuleShims) }),
});

createApp({ render: () => h(Repl, { store, editor: CodeMirror }) }).mount('#app');

(window as unknown as { __vueRepl: { store: typeof store } }).__vueRepl = { store };
