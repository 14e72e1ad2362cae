import { SHORTCUTS } from '../../protocol/run-shortcuts';

/** One line of the Keyboard shortcuts dialog (and of the README's table). */
export interface ShortcutLine {
  /** The keys, as printed (Ctrl stands for Cmd on macOS). */
  keys: string;
  /** What they do. */
  does: string;
  /** Where they work. */
  where: string;
}

const mod = (isMac: boolean) => (isMac ? '⌘' : 'Ctrl+');

/** Every shortcut the app has, grouped by where it works. */
export function shortcutLines(isMac: boolean): ShortcutLine[] {
  const m = mod(isMac);
  return [
    { keys: `${m}Enter`, does: 'Build and restart the run', where: 'Anywhere' },
    { keys: SHORTCUTS.toggle, does: 'Play / Pause', where: 'Anywhere, the preview too' },
    { keys: SHORTCUTS.forward, does: 'Step forward one tick', where: 'Anywhere, the preview too' },
    { keys: SHORTCUTS.back, does: 'Step back one tick', where: 'Anywhere, the preview too' },
    { keys: `${m}S`, does: 'Save now', where: 'Anywhere but the preview' },
    { keys: '?', does: 'Show these shortcuts', where: 'Outside the editor and text fields' },
    { keys: 'Esc, then Tab', does: 'Leave the editor (Tab moves focus)', where: 'Editor' },
    { keys: 'Shift+Alt+F', does: 'Format the file', where: 'Editor' },
    { keys: 'F1', does: 'Editor command palette', where: 'Editor' },
    { keys: 'F2', does: 'Rename the file or folder', where: 'Files' },
    { keys: 'Delete', does: 'Delete the file or folder', where: 'Files' },
    { keys: 'Shift+F10', does: 'Actions menu of the row', where: 'Files' },
  ];
}
