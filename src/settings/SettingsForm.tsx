import { useState } from 'react';
import {
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components';
import { useStore } from '../ui/useStore';
import {
  DEFAULT_SETTINGS,
  LIMITS,
  RUN_SPEEDS,
  parseCdnBase,
  type Settings,
  type SettingsStore,
  type ThemeSetting,
} from './settings-store';
import { Num, Toggle } from './fields';
import { RunLoopSettings } from './RunLoopSettings';
import { EditingSettings } from './EditingSettings';

const THEME_LABELS: Record<ThemeSetting, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

/** The fields of the Settings dialog; each change is validated, saved and applied at once. */
export function SettingsForm({ store }: { store: SettingsStore }) {
  const s = useStore(store);
  const update = (patch: Partial<Settings>) => store.update(patch);
  return (
    <div className="pp-settings">
      <RadioGroup
        className="pp-settings-row"
        value={s.theme}
        onChange={(theme) => update({ theme: theme as ThemeSetting })}
        orientation="horizontal"
      >
        <Label>Theme</Label>
        <div className="pp-radios">
          {(Object.keys(THEME_LABELS) as ThemeSetting[]).map((t) => (
            <Radio key={t} value={t} className="pp-radio">
              {THEME_LABELS[t]}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <Num
        label="Font size"
        value={s.fontSize}
        limit={LIMITS.fontSize}
        set={(fontSize) => update({ fontSize })}
      />
      <Num
        label="Tab size"
        value={s.tabSize}
        limit={LIMITS.tabSize}
        set={(tabSize) => update({ tabSize })}
      />
      <Toggle label="Word wrap" value={s.wordWrap} set={(wordWrap) => update({ wordWrap })} />
      <Toggle label="Minimap" value={s.minimap} set={(minimap) => update({ minimap })} />
      <EditingSettings settings={s} update={update} />
      <Toggle
        label="Auto-run after edits"
        value={s.autoRun}
        set={(autoRun) => update({ autoRun })}
      />
      <Num
        label="Auto-run delay (ms)"
        value={s.autoRunDelayMs}
        limit={LIMITS.autoRunDelayMs}
        step={50}
        set={(autoRunDelayMs) => update({ autoRunDelayMs })}
      />
      <RadioGroup
        className="pp-settings-row"
        value={String(s.runSpeed)}
        onChange={(v) => update({ runSpeed: Number(v) })}
        orientation="horizontal"
      >
        <Label>Default run speed</Label>
        <div className="pp-radios">
          {RUN_SPEEDS.map((speed) => (
            <Radio key={speed} value={String(speed)} className="pp-radio">
              {speed}×
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <UrlField
        label="Package CDN URL"
        hint={`Bare imports other than React load from here (ESM; default ${DEFAULT_SETTINGS.cdnBase}).`}
        value={s.cdnBase}
        set={(cdnBase) => update({ cdnBase })}
      />
      <UrlField
        label="Type source URL"
        hint={`The editor fetches npm packages' type declarations from here (raw files; default ${DEFAULT_SETTINGS.typesBase}).`}
        value={s.typesBase}
        set={(typesBase) => update({ typesBase })}
      />
      <RunLoopSettings settings={s} update={update} />
    </div>
  );
}

/** Applied when it is a valid http(s) URL (on Enter or leaving the field); else explained. */
function UrlField(props: { label: string; hint: string; value: string; set(v: string): void }) {
  const { value, set } = props;
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const parsed = parseCdnBase(text);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    setText(parsed.value);
    set(parsed.value);
  };
  return (
    <TextField
      className="pp-settings-row pp-settings-cdn"
      value={text}
      onChange={(v) => {
        setText(v);
        if (error) setError(null);
      }}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      isInvalid={error !== null}
      validationBehavior="aria"
    >
      <Label>{props.label}</Label>
      <Input className="pp-input" />
      <Text slot="description" className="pp-settings-hint">
        {props.hint}
      </Text>
      <FieldError className="pp-field-error">{error}</FieldError>
    </TextField>
  );
}
