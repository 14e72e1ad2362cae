import { useMemo, useRef, useState } from 'react';
import { completionsFor, wordAt, type Word } from './completion';

/**
 * The console input's completion state: the word at the caret, the names that complete it
 * and the one picked. The preview is asked for its names (`globals`) when a new word starts,
 * so a global a line just defined is offered for the next one.
 */
export function useCompletion(globals: (() => Promise<string[] | null>) | undefined) {
  const [names, setNames] = useState<readonly string[]>([]);
  const [word, setWord] = useState<Word | null>(null);
  const [active, setActive] = useState(0);
  /** Where the word the names were last asked for starts; -1: none since the last close. */
  const askedAt = useRef(-1);
  const options = useMemo(() => (word ? completionsFor(names, word.prefix) : []), [names, word]);

  const close = () => {
    setWord(null);
    askedAt.current = -1;
  };
  return {
    word,
    options,
    active: Math.min(active, Math.max(0, options.length - 1)),
    /** Whether the list shows (it takes Up, Down, Tab and Escape). */
    open: word !== null && options.length > 0,
    /** After the text changed: the word now at the caret. */
    update(text: string, caret: number) {
      const next = globals ? wordAt(text, caret) : null;
      setWord(next);
      setActive(0);
      if (!next) return void (askedAt.current = -1);
      if (next.start === askedAt.current) return;
      askedAt.current = next.start;
      void globals!().then((answer) => answer && setNames(answer));
    },
    /** Moves the pick by `step`, round the list. */
    move(step: number) {
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
    },
    close,
  };
}
