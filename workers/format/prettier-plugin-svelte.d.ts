// prettier-plugin-svelte's browser build ships no declarations of its own: it is a Prettier
// plugin module like Prettier's own (named exports of a Plugin's parts).
declare module 'prettier-plugin-svelte/browser' {
  import type { Plugin } from 'prettier';
  export const languages: Plugin['languages'];
  export const parsers: Plugin['parsers'];
  export const printers: Plugin['printers'];
  export const options: Plugin['options'];
}
