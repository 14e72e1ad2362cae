import { useEffect, useRef } from 'react';
import type { Diagnostic } from '../protocol';
import type { MonacoApi } from './monaco-setup';
import { setRuntimeMarkers } from './markers';
import { watchTypeProblems, type TypeProblem } from './type-markers';

/**
 * The editor's side of the Problems list: marks the current run's uncaught errors in the code,
 * and reports TypeScript's diagnostics of every file as they change. `ready` is false until
 * the editor syncs its models; markers need a model to sit on, so a new `modelSet` (a file's
 * model made on first show) marks them again.
 */
export function useProblemMarkers(
  monaco: MonacoApi | undefined,
  ready: boolean,
  runtimeErrors: readonly Diagnostic[] | undefined,
  onTypeProblems: ((path: string, problems: TypeProblem[]) => void) | undefined,
  modelSet = 0,
) {
  const report = useRef(onTypeProblems);
  useEffect(() => {
    report.current = onTypeProblems;
  });

  useEffect(() => {
    // Not on every edit: markers move with the text, re-setting them would put them back.
    if (monaco && ready) setRuntimeMarkers(monaco.editor, runtimeErrors ?? []);
  }, [monaco, ready, runtimeErrors, modelSet]);

  const watching = !!onTypeProblems;
  useEffect(() => {
    if (!monaco || !watching) return;
    const watch = watchTypeProblems(monaco.editor, (path, problems) =>
      report.current?.(path, problems),
    );
    return () => watch.dispose();
  }, [monaco, watching]);
}
