import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Text, TextArea, TextField } from 'react-aria-components';
import { ChevronRight } from 'lucide-react';
import { createInputHistory } from './input-history';

export interface ConsoleInputProps {
  /**
   * Evaluates a line in the preview; returns (or resolves) why it could not, or null. A refusal
   * known at once keeps the line in the box; one known later puts it back if the box is empty.
   */
  onEvaluate: (source: string) => string | null | Promise<string | null>;
}

/** Longest line sent: its echo must stay under what the host accepts from the preview. */
export const MAX_INPUT_CHARS = 100_000;
/** Rows the box grows to before it scrolls. */
const MAX_ROWS = 8;

const plain = (e: KeyboardEvent) => !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;

/**
 * The line under the console that evaluates in the preview, as in devtools: Enter evaluates,
 * Shift+Enter starts a new line, Up and Down on the first and last line browse the history.
 */
/** Memoised: the log's output does not re-render the field the user types in. */
export const ConsoleInput = memo(function ConsoleInput({ onEvaluate }: ConsoleInputProps) {
  const [history] = useState(() => createInputHistory());
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  /** A recalled line puts the caret at its end (the next Up then goes on browsing). */
  const caretToEnd = useRef(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!caretToEnd.current || !el) return;
    caretToEnd.current = false;
    el.setSelectionRange(el.value.length, el.value.length);
  }, [value]);

  const recall = (line: string | null, e: KeyboardEvent) => {
    if (line === null) return;
    e.preventDefault();
    caretToEnd.current = true;
    setValue(line);
  };

  const evaluate = () => {
    const line = value;
    if (line.trim() === '') return;
    const outcome =
      line.length > MAX_INPUT_CHARS
        ? `Too long to evaluate: ${line.length.toLocaleString()} characters (at most ${MAX_INPUT_CHARS.toLocaleString()}).`
        : onEvaluate(line);
    if (typeof outcome === 'string') return setProblem(outcome);
    setProblem(null);
    history.add(line);
    // Cleared now, not when the line has been sent: what the user types next is never cleared.
    setValue('');
    void outcome?.then((why) => {
      if (why === null) return;
      setProblem(why);
      setValue((now) => (now === '' ? line : now));
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    const el = e.currentTarget;
    const collapsed = el.selectionStart === el.selectionEnd;
    if (e.key === 'Enter' && plain(e)) {
      e.preventDefault();
      evaluate();
    } else if (e.key === 'ArrowUp' && plain(e) && collapsed) {
      if (!el.value.slice(0, el.selectionStart).includes('\n')) recall(history.older(value), e);
    } else if (e.key === 'ArrowDown' && plain(e) && collapsed) {
      if (!el.value.slice(el.selectionEnd).includes('\n')) recall(history.newer(value), e);
    }
  };

  const rows = Math.min(MAX_ROWS, value.split('\n').length);
  return (
    <TextField
      className="pp-console-input"
      aria-label="Console input"
      value={value}
      onChange={(v) => {
        setValue(v);
        if (problem) setProblem(null);
      }}
      isInvalid={problem !== null}
    >
      <div className="pp-console-input-line">
        <ChevronRight size={14} aria-hidden className="pp-console-prompt" />
        <TextArea
          ref={ref}
          rows={rows}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder="Evaluate in the preview (Shift+Enter for a new line)"
          onKeyDown={onKeyDown}
        />
      </div>
      {problem && (
        <Text slot="errorMessage" className="pp-console-input-problem" role="alert">
          {problem}
        </Text>
      )}
    </TextField>
  );
});
