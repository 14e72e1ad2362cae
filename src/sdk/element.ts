/**
 * sdk/element.js: `<playpen-embed>` for pages with no JavaScript of their own. Attributes give
 * the common options; files are `<script type="text/plain" data-path="…">` children (never
 * run: the browser does not execute that type). The element's `playpen` is the handle, and
 * each SDK event is dispatched on it by the same name, with the event's data as `detail`.
 */
// './playpen.js' as served beside it: the same module instance (one load queue) as the page's.
import { createPlaypen } from './playpen.js';
import type { EmbedEventName, Playpen, PlaypenOptions } from './types';
import { dedent } from './dedent';

const EVENTS: EmbedEventName[] = ['ready', 'change', 'build', 'run', 'console', 'error', 'tick'];

export class PlaypenEmbed extends HTMLElement {
  /** The embed's handle while the element is in the page. */
  playpen: Playpen | null = null;

  connectedCallback() {
    // Children parsed after the element (a page still loading) are files too.
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', () => this.start(), { once: true });
    else this.start();
  }

  disconnectedCallback() {
    void this.playpen?.destroy();
    this.playpen = null;
  }

  private start() {
    if (this.playpen || !this.isConnected) return;
    const attr = (name: string) => this.getAttribute(name) ?? undefined;
    const flag = (name: string) => (this.hasAttribute(name) ? attr(name) !== 'false' : undefined);
    const files: Record<string, string> = {};
    for (const script of this.querySelectorAll('script[type="text/plain"][data-path]'))
      files[script.getAttribute('data-path')!] = dedent(script.textContent ?? '');
    const options = {
      baseUrl: attr('base-url'),
      files: Object.keys(files).length ? files : undefined,
      entry: attr('entry'),
      activeFile: attr('active-file'),
      template: attr('template'),
      readOnly: flag('read-only'),
      view: attr('view'),
      panes: attr('panes')
        ?.split(/[\s,]+/)
        .filter(Boolean),
      theme: attr('theme'),
      height: attr('height'),
      loading: attr('loading'),
      autorun: flag('autorun'),
      persist: flag('persist'),
      title: attr('name'),
    };
    // Unset attributes stay unset (the defaults apply); the embed checks the values.
    const set = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    const playpen = createPlaypen(this, set as PlaypenOptions);
    this.playpen = playpen;
    for (const name of EVENTS)
      playpen.on(name, (detail) => this.dispatchEvent(new CustomEvent(name, { detail })));
  }
}

if (!customElements.get('playpen-embed')) customElements.define('playpen-embed', PlaypenEmbed);
