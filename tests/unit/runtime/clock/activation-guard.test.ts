import { describe, expect, it } from 'vitest';
import { installActivationGuard } from '../../../../src/runtime/clock/activation-guard';

function setUp() {
  const opened: string[] = [];
  const shown: string[] = [];
  const warnings: string[] = [];
  const win = {
    open: (url?: string) => {
      opened.push(url ?? '');
      return { url } as unknown as Window;
    },
    alert: (text?: string) => void shown.push(`alert ${text}`),
    confirm: (text?: string) => (shown.push(`confirm ${text}`), true),
    prompt: (text?: string) => (shown.push(`prompt ${text}`), 'typed'),
    print: () => void shown.push('print'),
  } as unknown as Window;
  const state = { now: 1000, replaying: false, tick: 1 };
  const guard = installActivationGuard(win, {
    now: () => state.now,
    replaying: () => state.replaying,
    tick: () => state.tick,
    warn: (t) => warnings.push(t),
  });
  return { win, opened, shown, warnings, state, guard };
}

describe('activation guard', () => {
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

  it('shows a run’s first dialog, then one per click: an alert loop cannot lock the tab', () => {
    const { win, shown, warnings, guard } = setUp();
    for (let i = 0; i < 50; i++) win.alert(`a${i}`);
    expect(shown).toEqual(['alert a0']);
    expect(warnings).toEqual([
      'Playpen blocked window.alert (1 so far): after its first dialog, a program may show one per click or key press.',
    ]);
    // Refused as a browser that suppresses dialogs answers: no, and no text.
    expect(win.confirm('sure?')).toBe(false);
    expect(win.prompt('name?')).toBeNull();
    guard.input('click', 1000, false);
    expect(win.confirm('sure?')).toBe(true);
    expect(win.prompt('name?')).toBeNull();
    expect(shown).toEqual(['alert a0', 'confirm sure?']);
  });

  it('rations windows and dialogs apart: a click allows one of each', () => {
    const { win, opened, shown, guard } = setUp();
    win.alert('first');
    guard.input('click', 1000, false);
    expect(win.open('/w')).not.toBeNull();
    win.print();
    expect(opened).toEqual(['/w']);
    expect(shown).toEqual(['alert first', 'print']);
  });

  it('shows no dialog while replaying, not even the first, and says nothing', () => {
    const { win, shown, warnings, state } = setUp();
    state.replaying = true;
    win.alert('x');
    expect(win.confirm('y')).toBe(false);
    expect(shown).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
