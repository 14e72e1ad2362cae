import type { HangWatch } from '../run/hang-watch';
import type { RunController } from '../run/controller';
import type { Timeline } from '../run/timeline-types';
import type { SettingsStore } from '../settings/settings-store';
import { applyTheme } from '../settings/theme';
import { rebuildOnCdnChange } from './rebuild-on-cdn';

export interface FollowSettingsDeps {
  settings: SettingsStore;
  /**
   * A hang remembered from an earlier load holds auto-run off for this one, without changing
   * the saved preference. A hang in this load leaves it on: the next edit is the user's fix.
   */
  hang: HangWatch;
  controller: RunController;
  timeline: Timeline;
}

/**
 * Applies the settings a session runs by (auto-run, theme, run speed, the package CDN) now and
 * whenever they or the hang state change. Returns what stops following them.
 */
export function followSettings({ settings, hang, controller, timeline }: FollowSettingsDeps) {
  let lastRunSpeed: number | null = null;
  let lastTheme: string | null = null;
  let stopFollowingOs = () => {};
  const apply = () => {
    const s = settings.getState();
    controller.setAutoRun(s.autoRun && !hang.getState().held, s.autoRunDelayMs);
    if (typeof document !== 'undefined' && s.theme !== lastTheme) {
      stopFollowingOs();
      stopFollowingOs = applyTheme(document.documentElement, (lastTheme = s.theme));
    }
    if (s.runSpeed !== lastRunSpeed) timeline.setSpeed((lastRunSpeed = s.runSpeed));
  };
  apply();
  const unsubscribeSettings = settings.subscribe(apply);
  const unsubscribeHang = hang.subscribe(apply);
  const unsubscribeCdn = rebuildOnCdnChange(settings, () => controller.scheduleAutoRun());
  return () => {
    unsubscribeSettings();
    unsubscribeCdn();
    stopFollowingOs();
    unsubscribeHang();
  };
}
