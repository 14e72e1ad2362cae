import { describe, expect, it } from 'vitest';
import { rebuildOnCdnChange } from '../../../src/app/rebuild-on-cdn';
import { createSettingsStore } from '../../../src/settings/settings-store';

describe('rebuild on CDN change', () => {
  it('rebuilds when the package CDN base URL changes, not for other settings', () => {
    const settings = createSettingsStore(null);
    let rebuilds = 0;
    const stop = rebuildOnCdnChange(settings, () => rebuilds++);
    settings.update({ fontSize: settings.getState().fontSize + 1 });
    expect(rebuilds).toBe(0);
    expect(settings.update({ cdnBase: 'https://cdn.jsdelivr.net/npm/' })).toEqual({});
    expect(rebuilds).toBe(1);
    settings.update({ cdnBase: 'not a url' });
    expect(rebuilds).toBe(1);
    stop();
    settings.update({ cdnBase: 'https://esm.sh/' });
    expect(rebuilds).toBe(1);
  });
});
