import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Promises already settled: a panel mounted later (another layout) shows at once. */
const settled = new WeakSet<Promise<unknown>>();

export interface AfterEditorProps {
  /** The session's `editorFirst`: the editor has painted the code. */
  editorFirst: Promise<void>;
  /** What shows from then on. */
  children: ReactNode;
  /** What keeps the place until then (nothing by default): the same size, so nothing moves. */
  fallback?: ReactNode;
}

/**
 * Renders `children` only once the editor has painted the code. The toolbar's controls, the
 * Files tree and the console are most of the app's first render (react-aria trees, lists,
 * menus and fields); mounted with the rest, they take the main thread from Monaco before the
 * first paint that matters: the code. Their places are kept meanwhile. They render as a
 * transition, in slices, so a preview's first messages are not held behind them.
 */
export function AfterEditor({ editorFirst, children, fallback = null }: AfterEditorProps) {
  const [ready, setReady] = useState(() => settled.has(editorFirst));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void editorFirst.then(() => {
      settled.add(editorFirst);
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [editorFirst, ready]);
  return ready ? children : fallback;
}
