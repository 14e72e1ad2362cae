import { Group, Input, Label, NumberField, Switch, Text } from 'react-aria-components';

/** Form fields shared by the Settings dialog's sections (react-aria, so labels and keys work). */
export interface NumProps {
  label: string;
  value: number;
  limit: { min: number; max: number };
  step?: number;
  /** Shown under the field: what the number means (units, what 0 does). */
  hint?: string;
  set(value: number): void;
}

export function Num({ label, value, limit, step = 1, hint, set }: NumProps) {
  return (
    <NumberField
      className="pp-settings-row"
      value={value}
      minValue={limit.min}
      maxValue={limit.max}
      step={step}
      onChange={(v) => !Number.isNaN(v) && set(v)}
    >
      <Label>{label}</Label>
      <Group className="pp-number">
        <Input className="pp-input" />
      </Group>
      {hint ? (
        <Text slot="description" className="pp-settings-hint">
          {hint}
        </Text>
      ) : null}
    </NumberField>
  );
}

export function Toggle({
  label,
  value,
  set,
}: {
  label: string;
  value: boolean;
  set(v: boolean): void;
}) {
  return (
    <Switch className="pp-switch pp-settings-row" isSelected={value} onChange={set}>
      <span className="pp-switch-track" aria-hidden="true">
        <span className="pp-switch-thumb" />
      </span>
      {label}
    </Switch>
  );
}
