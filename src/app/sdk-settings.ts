import type { EmbedSettings } from '../protocol/embed';
import type { Settings } from '../settings/settings-store';

/** The settings an SDK embed's host decides (the rest are the defaults, never the user's own). */
export function sdkSettings(settings: EmbedSettings): Partial<Settings> {
  return {
    ...(settings.theme ? { theme: settings.theme } : {}),
    ...(settings.autorun === false ? { autoRun: false } : {}),
  };
}
