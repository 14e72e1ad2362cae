import { describe, expect, it } from 'vitest';
import { createKeyboardStore } from '../../../../src/app/keyboard/keyboard-store';

describe('keyboard store', () => {
  it('says Saved once the flush is done, and why when it fails', async () => {
    const keys = createKeyboardStore();
    let finish!: () => void;
    const saving = keys.save(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(keys.getState().saveMessage).toBe('Saving…');
    finish();
    await saving;
    expect(keys.getState().saveMessage).toBe('Saved');

    await keys.save(() => Promise.reject(new Error('quota exceeded')));
    expect(keys.getState().saveMessage).toBe('Not saved: quota exceeded');
  });

  it('an older save finishing last does not overwrite the newer one’s outcome', async () => {
    const keys = createKeyboardStore();
    let failFirst!: (e: Error) => void;
    const first = keys.save(() => new Promise<void>((_, reject) => (failFirst = reject)));
    await keys.save(() => Promise.resolve());
    failFirst(new Error('late'));
    await first;
    expect(keys.getState().saveMessage).toBe('Saved');
  });

  it('opens and closes the shortcuts dialog', () => {
    const keys = createKeyboardStore();
    keys.setShortcutsOpen(true);
    expect(keys.getState().shortcutsOpen).toBe(true);
    keys.setShortcutsOpen(false);
    expect(keys.getState().shortcutsOpen).toBe(false);
  });
});
