/**
 * sdk/playpen.js, the module a host page imports from wherever Playpen is hosted:
 * `createPlaypen(element, options)` puts an embed in the page and returns its handle.
 * No dependencies; docs/embed.md documents every option, method and event.
 */
import { createEmbed } from './core';
import type { Playpen, PlaypenOptions } from './types';

export type * from './types';
export { EMBED_PROTOCOL_VERSION } from '../protocol/embed';

/** Where this module's Playpen is: the folder above its `sdk/`. */
const here = import.meta.url;
const HOME = new URL('../', here).href;

/** Puts a Playpen embed in `element` (after its children) and returns its handle. */
export function createPlaypen(element: HTMLElement, options: PlaypenOptions = {}): Playpen {
  return createEmbed(element, options, HOME);
}
