import { useEffect, useRef, useState } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';

export interface NameFieldProps {
  /** Visible (or, with `hideLabel`, screen-reader only) label, e.g. "File name". */
  label: string;
  /** Text the field opens with. */
  initial: string;
  /** Part of `initial` selected on open, so typing replaces just the name. */
  select?: [number, number];
  /** A hint under the field, e.g. which folder the file goes in. */
  description?: string;
  /** Keeps the label for screen readers only (the row around the field says enough). */
  hideLabel?: boolean;
  /** Applies the name; returns an error message to show (the field then stays open). */
  onCommit(value: string): string | null;
  /** Called on Escape, or on leaving the field unchanged. */
  onCancel(): void;
}

/**
 * An inline name field: Enter commits, Escape cancels, leaving it commits a changed name.
 * An invalid name shows its message and keeps the field open, so nothing typed is lost.
 */
export function NameField({
  label,
  initial,
  select,
  description,
  hideLabel,
  onCommit,
  onCancel,
}: NameFieldProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  const placed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // Focus a frame after mounting: the tree re-focuses its focused row while it re-renders,
  // which would otherwise take focus straight back from a field it just opened.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const commit = () => {
    if (done.current) return;
    if (value === initial) {
      done.current = true;
      onCancel();
      return;
    }
    const message = onCommit(value);
    if (message === null) done.current = true;
    setError(message);
  };

  return (
    <TextField
      className="pp-name-field"
      value={value}
      onChange={(v) => {
        setValue(v);
        setError(null);
      }}
      isInvalid={error !== null}
      validationBehavior="aria"
      onFocus={(e) => {
        if (placed.current) return;
        placed.current = true;
        const input = e.target as HTMLInputElement;
        if (select) input.setSelectionRange(select[0], select[1]);
        else input.setSelectionRange(input.value.length, input.value.length);
      }}
      onBlur={commit}
      // react-aria stops these keys here, so typing never reaches the tree's navigation.
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          done.current = true;
          onCancel();
        }
      }}
    >
      <Label className={hideLabel ? 'pp-visually-hidden' : 'pp-name-label'}>{label}</Label>
      <Input ref={input} spellCheck={false} autoComplete="off" />
      {description && !error ? (
        <Text slot="description" className="pp-name-hint">
          {description}
        </Text>
      ) : null}
      <div role="alert" className="pp-name-alert">
        <FieldError className="pp-name-error">{error}</FieldError>
      </div>
    </TextField>
  );
}
