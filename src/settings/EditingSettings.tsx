import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { KEY_BINDINGS, KEY_BINDING_LABELS, type KeyBindings } from '../editor/keybindings';
import { Toggle } from './fields';
import type { Settings } from './settings-store';

/** How typing works: the key bindings (Default, Vim, Emacs) and format-on-save. */
export function EditingSettings({
  settings,
  update,
}: {
  settings: Settings;
  update(patch: Partial<Settings>): void;
}) {
  return (
    <>
      <RadioGroup
        className="pp-settings-row"
        value={settings.keyBindings}
        onChange={(keyBindings) => update({ keyBindings: keyBindings as KeyBindings })}
        orientation="horizontal"
      >
        <Label>Key bindings</Label>
        <div className="pp-radios">
          {KEY_BINDINGS.map((mode) => (
            <Radio key={mode} value={mode} className="pp-radio">
              {KEY_BINDING_LABELS[mode]}
            </Radio>
          ))}
        </div>
        <Text slot="description" className="pp-settings-hint">
          Vim shows its mode and pending keys under the editor.
        </Text>
      </RadioGroup>
      <Toggle
        label="Format on save (Ctrl/Cmd+S)"
        value={settings.formatOnSave}
        set={(formatOnSave) => update({ formatOnSave })}
      />
    </>
  );
}
