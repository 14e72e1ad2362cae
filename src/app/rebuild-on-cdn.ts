/** Packages come from the CDN at build time: a new CDN base URL rebuilds, as an edit does. */
import type { SettingsStore } from '../settings/settings-store';

/** Calls `rebuild` whenever the CDN base URL setting changes; returns the unsubscribe function. */
export function rebuildOnCdnChange(settings: SettingsStore, rebuild: () => void): () => void {
  let last = settings.getState().cdnBase;
  return settings.subscribe(() => {
    const next = settings.getState().cdnBase;
    if (next === last) return;
    last = next;
    rebuild();
  });
}
