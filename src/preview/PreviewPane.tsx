import { useEffect, useRef } from 'react';
import type { RunState } from '../run/controller';

export interface PreviewPaneProps {
  /** Mounts the preview host into the pane's element; returns the detach function. */
  attach(container: HTMLElement): () => void;
  /** Shown over the (removed) preview when it stopped responding. */
  state: RunState;
}

export function PreviewPane({ attach, state }: PreviewPaneProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => attach(ref.current!), [attach]);
  return (
    <div className="pp-preview">
      <div ref={ref} className="pp-preview-frames" />
      {state.status === 'paused' && (
        // Blocks pointer input to the paused program (the runtime also ignores real events).
        <div className="pp-preview-paused">
          <span>Paused</span>
        </div>
      )}
      {state.status === 'not-responding' && (
        <div className="pp-preview-overlay" role="alert">
          <strong>The preview stopped responding.</strong>
          <span>It may be stuck in a long or infinite loop. Fix the code, then press Run.</span>
        </div>
      )}
    </div>
  );
}
