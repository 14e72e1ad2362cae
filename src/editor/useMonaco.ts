import { useCallback, useEffect, useState } from 'react';
import { loadMonaco } from './load-monaco';
import type { MonacoApi } from './monaco-setup';

/** Monaco once loaded, or the load error with a retry. */
export function useMonaco(): { monaco?: MonacoApi; error?: unknown; retry: () => void } {
  const [monaco, setMonaco] = useState<MonacoApi>();
  const [error, setError] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadMonaco().then(
      (loaded) => live && setMonaco(() => loaded),
      (failure: unknown) => live && setError(() => failure),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setError(undefined);
    setAttempt((n) => n + 1);
  }, []);
  return { monaco, error, retry };
}
