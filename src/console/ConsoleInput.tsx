import { memo, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Text, TextArea, TextField } from 'react-aria-components';
import { ChevronRight } from 'lucide-react';
import { createInputHistory } from './input-history';
import { complete } from './completion';
import { CompletionList } from './CompletionList';
import { useCompletion } from './useCompletion';

export interface ConsoleInputProps {
  /**
   * Evaluates a line in the preview; returns (or resolves) why it could not, or null. A refusal
   * known at once keeps the line in the box; one known later puts it back if the box is empty.
   */
  onEvaluate: (source: string) => string | null | Promise<string | null>;
  /** The preview's global names, offered as completions of the word typed (none without it). */
  onGlobals?: () => Promise<string[] | null>;
}

/** Longest line sent: its echo must stay under what the host accepts from the preview. */
export const MAX_INPUT_CHARS = 100_000;
/** Rows the box grows to before it scrolls. */
const MAX_ROWS = 8;

const plain = (e: KeyboardEvent) => !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;

/**
 * The line under the console that evaluates in the preview, as in devtools: Enter evaluates,
 * Shift+Enter starts a new line, Up and Down on the first and last line browse the history;
 * while a word is typed the global names that complete it are listed (Up and Down pick, Tab
 * takes one, Escape closes the list).
 * Memoised: the log's output does not re-render the field the user types in.
 */
export const ConsoleInput = memo(function ConsoleInput({
  onEvaluate,
  onGlobals,
}: ConsoleInputProps) {
  const [history] = useState(() => createInputHistory());
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const completion = useCompletion(onGlobals);
  const listId = useId();
  /** Where the caret goes after the next render: a recalled line's end, a completion's end. */
  const caretAt = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (caretAt.current === null || !el) return;
    el.setSelectionRange(caretAt.current, caretAt.current);
    caretAt.current = null;
  }, [value]);

  const recall = (line: string | null, e: KeyboardEvent) => {
    if (line === null) return;
    e.preventDefault();
    // At its end: the next Up then goes on browsing.
    caretAt.current = line.length;
    setValue(line);
  };

  const pick = (name: string | undefined) => {
    if (!completion.word || name === undefined) return;
    const next = complete(value, completion.word, name);
    caretAt.current = next.caret;
    setValue(next.text);
    completion.close();
  };

  const evaluate = () => {
    const line = value;
    if (line.trim() === '') return;
    const outcome =
      line.length > MAX_INPUT_CHARS
        ? `Too long to evaluate: ${line.length.toLocaleString()} characters (at most ${MAX_INPUT_CHARS.toLocaleString()}).`
        : onEvaluate(line);
    completion.close();
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
    if (completion.open && plain(e)) {
      const keys: Record<string, () => void> = {
        ArrowDown: () => completion.move(1),
        ArrowUp: () => completion.move(-1),
        Tab: () => pick(completion.options[completion.active]),
        Escape: completion.close,
      };
      const act = keys[e.key];
      if (act) {
        e.preventDefault();
        return act();
      }
    }
    // The caret leaves the word: the list closes (typing opens it again).
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(e.key))
      completion.close();
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
        completion.update(v, ref.current?.selectionStart ?? v.length);
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
          onBlur={completion.close}
          onPointerDown={completion.close}
          aria-autocomplete={onGlobals ? 'list' : undefined}
          aria-controls={completion.open ? listId : undefined}
          aria-activedescendant={completion.open ? `${listId}-${completion.active}` : undefined}
        />
      </div>
      {completion.open && (
        <CompletionList
          id={listId}
          options={completion.options}
          active={completion.active}
          onPick={pick}
        />
      )}
      {problem && (
        <Text slot="errorMessage" className="pp-console-input-problem" role="alert">
          {problem}
        </Text>
      )}
    </TextField>
  );
});
