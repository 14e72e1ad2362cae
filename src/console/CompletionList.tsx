import { useLayoutEffect, useRef } from 'react';

export interface CompletionListProps {
  /** The listbox's id (the input's aria-controls); option i is `${id}-${i}`. */
  id: string;
  /** The names offered. */
  options: readonly string[];
  /** Index of the one Tab would take (the input's aria-activedescendant). */
  active: number;
  /** A name clicked. */
  onPick(name: string): void;
}

/**
 * The names that complete the word typed in the console input, above it. The keys stay in the
 * input (ARIA's listbox with aria-activedescendant): react-aria-components' Autocomplete would
 * take Up, Down, Home and End from the field always, where they browse the history and move
 * through a multi-line entry.
 */
export function CompletionList({ id, options, active, onPick }: CompletionListProps) {
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <ul ref={list} id={id} role="listbox" aria-label="Completions" className="pp-completions">
      {options.map((name, i) => (
        <li
          key={name}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className="pp-completion"
          // Pressed, not focused: the caret stays in the input.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(name);
          }}
        >
          {name}
        </li>
      ))}
    </ul>
  );
}
