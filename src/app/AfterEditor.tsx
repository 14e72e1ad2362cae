import { useEffect, useState, type ReactNode } from 'react';

/** Promises already settled: a panel mounted later (another layout) shows at once. */
const settled = new WeakSet<Promise<unknown>>();

export interface AfterEditorProps {
  /** The session's `editorFirst`: the editor is on screen. */
  editorFirst: Promise<void>;
  /** What shows from then on. */
  children: ReactNode;
}

/**
 * Renders `children` only once the editor is on screen. The Files tree and the console are
 * two fifths of the app's first render (react-aria trees, lists and menus); mounted with the
 * rest, they take the main thread from Monaco and the editor's own mount before the first
 * paint that matters: the code. Their panels keep their place meanwhile, empty.
 */
export function AfterEditor({ editorFirst, children }: AfterEditorProps) {
  const [ready, setReady] = useState(() => settled.has(editorFirst));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void editorFirst.then(() => {
      settled.add(editorFirst);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [editorFirst, ready]);
  return ready ? children : null;
}
