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
  const input = useRef<HTMLInputElement>(null);
  // Focus a frame after mounting: the tree re-focuses its focused row while it re-renders,
  // which would otherwise take focus straight back from a field it just opened.
  // The name part is selected then, once: a field focused before that frame (a click, or a
  // test's fill, which selects all first) keeps the selection it was given, so what is typed
  // replaces what the typist chose (a re-selection on focus once turned "src/hello.ts" typed
  // over all of "src/greet.ts" into "src/src/hello.ts.ts").
  const opening = useRef(select);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const field = input.current;
      if (!field || field.ownerDocument.activeElement === field) return;
      field.focus();
      const [from, to] = opening.current ?? [field.value.length, field.value.length];
      field.setSelectionRange(from, to);
    });
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
