import { useEffect, useState } from 'react';

export type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; error: string };

/** Copies text to the clipboard; "copied" shows briefly, a failure stays until the next try. */
export function useCopy(resetMs = 2000) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  useEffect(() => {
    if (state.kind !== 'copied') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), resetMs);
    return () => clearTimeout(timer);
  }, [state, resetMs]);
  const copy = async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied' });
    } catch {
      setState({
        kind: 'failed',
        error:
          'Couldn’t copy: the browser refused clipboard access. Select the link and copy it with Ctrl+C (⌘C).',
      });
    }
  };
  return { state, copy };
}
