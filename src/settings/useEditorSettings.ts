import { useMemo } from 'react';
import type { EditorSettings } from '../editor/create-editor';
import { useSystemTheme, type EditorTheme } from '../editor/useSystemTheme';
import { useStore } from '../ui/useStore';
import type { SettingsStore } from './settings-store';

/** The editor's options and theme from the settings, changing as soon as a setting does. */
export function useEditorSettings(store: SettingsStore): {
  options: EditorSettings;
  theme: EditorTheme;
} {
  const { fontSize, tabSize, wordWrap, minimap, keyBindings, formatOnSave, theme } =
    useStore(store);
  const system = useSystemTheme();
  const options = useMemo(
    () => ({ fontSize, tabSize, wordWrap, minimap, keyBindings, formatOnSave }),
    [fontSize, tabSize, wordWrap, minimap, keyBindings, formatOnSave],
  );
  return { options, theme: theme === 'system' ? system : theme };
}
