/**
 * What the page opens with, decided from its URL alone: a shared project from `#code/…`,
 * `?readonly`, `?embed`, or the default project with a message when the link was bad.
 */
import type { Project } from '../protocol';
import { decodeFragment, FRAGMENT_PREFIX } from '../project/share/share-codec';
import { readLinkFlags } from '../project/share/share-url';
import type { SharedRun } from '../project/share/run-share';
import type { EmbedSettings } from '../protocol/embed';

/** An embed a host page drives through the SDK (sdk-embed.ts): what the host asked for. */
export interface SdkStartup {
  /** The host's settings: view, panes, theme, autorun, persist, readOnly. */
  settings: EmbedSettings;
  /** The project as the host gave it (Reset returns to it). */
  initial: Project;
}

export interface Startup {
  /** The shared project; undefined = the usual start (default or saved project). */
  project?: Project;
  /** File to show first (from the link), when not the entry. */
  openPath?: string;
  /** Opened from a valid `#code/` link: saved projects must not be restored or overwritten until the first edit. */
  fromPermalink: boolean;
  /** `?readonly` on a valid shared project: refuse edits until "Edit a copy". */
  readOnly: boolean;
  /** `?embed`: the compact layout for iframes. */
  embed: boolean;
  /** What was wrong with the link, for a banner; the app opened as usual instead. */
  error?: string;
  /** A run the link carries: the first run replays it and pauses at the sender's tick. */
  run?: SharedRun;
  /** Why the link's run was left out (the code opened without it), for a banner. */
  runError?: string;
  /** Set when a host page drives this embed through the SDK. */
  sdk?: SdkStartup;
}

/** Shown for `?readonly` with no project in the link: it read-only-protects nothing. */
export const READONLY_WITHOUT_LINK =
  'This read-only address carries no project: a shared link ends in #code/…, which this one lacks (it may have been cut off when copied). Playpen opened your own project as usual, and you can edit it; ask for the full link to see the shared one.';

export function decideStartup(href: string): Startup {
  const url = new URL(href);
  const { embed, readOnly } = readLinkFlags(href);
  if (!url.hash.startsWith('#' + FRAGMENT_PREFIX))
    return readOnly
      ? { fromPermalink: false, readOnly: false, embed, error: READONLY_WITHOUT_LINK }
      : { fromPermalink: false, readOnly: false, embed };
  const result = decodeFragment(url.hash);
  if (!result.ok)
    return {
      fromPermalink: false,
      readOnly: false,
      embed,
      error: `${result.error} Playpen opened as usual instead; none of your work was changed.`,
    };
  return {
    project: result.project,
    openPath: result.options.open,
    fromPermalink: true,
    readOnly,
    embed,
    ...(result.options.run ? { run: result.options.run } : {}),
    ...(result.runError ? { runError: result.runError } : {}),
  };
}

/**
 * A `#code/` link pasted into the address bar of an open Playpen changes only the fragment,
 * which does not reload the page: reload, so it opens through the same path as a fresh visit
 * (and saved projects are handled as for any permalink).
 */
export function reloadOnNewPermalink(win: Window): void {
  win.addEventListener('hashchange', () => {
    if (win.location.hash.startsWith('#' + FRAGMENT_PREFIX)) win.location.reload();
  });
}
