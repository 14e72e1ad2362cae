import { describe, expect, it } from 'vitest';
import { installPopupGuard } from '../../../../src/runtime/clock/popup-guard';

function setUp() {
  const opened: string[] = [];
  const warnings: string[] = [];
  const win = {
    open: (url?: string) => {
      opened.push(url ?? '');
      return { url } as unknown as Window;
    },
  } as unknown as Window;
  const state = { now: 1000, replaying: false, tick: 1 };
  const guard = installPopupGuard(win, {
    now: () => state.now,
    replaying: () => state.replaying,
    tick: () => state.tick,
    warn: (t) => warnings.push(t),
  });
  return { win, opened, warnings, state, guard };
}

describe('popup guard', () => {
  it('opens one window per click, however many the handler asks for', () => {
    const { win, opened, warnings, guard } = setUp();
    guard.input('click', 1000, false);
    const results = Array.from({ length: 1000 }, (_, i) => win.open(`/p${i}`));
    expect(opened).toEqual(['/p0']);
    expect(results.filter(Boolean)).toHaveLength(1);
    // One warning for the tick, not 999.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/blocked window\.open \(1 so far\).*one window per click/);
  });

  it('refuses without a user input, and after the activation expires', () => {
    const { win, opened, guard, state } = setUp();
    expect(win.open('/a')).toBeNull();
    guard.input('mousemove', 1000, false);
    expect(win.open('/b')).toBeNull();
    guard.input('keydown', 1000, false);
    state.now = 1000 + 5001;
    expect(win.open('/c')).toBeNull();
    guard.input('keydown', state.now, false);
    expect(win.open('/d')).not.toBeNull();
    expect(opened).toEqual(['/d']);
  });

  it('never opens a window while replaying, and says nothing (the console must match the live run)', () => {
    const { win, opened, warnings, guard, state } = setUp();
    state.replaying = true;
    guard.input('click', 1000, true);
    expect(win.open('/x')).toBeNull();
    expect(opened).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('warns once per tick', () => {
    const { win, warnings, state } = setUp();
    win.open();
    win.open();
    state.tick = 2;
    win.open();
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/\(3 so far\)/);
  });
});
