import { useEffect, useRef, type ReactNode } from 'react';
import type { Timeline } from './timeline';
import { useStore } from '../ui/useStore';

export interface PreviewPaneProps {
  /** Mounts the preview host into the pane's element; returns the detach function. */
  attach(container: HTMLElement): () => void;
  /** The preview stopped responding: says so over the (removed) frame. */
  hung: boolean;
  /** The run loop: its pause (not the Run status, which may say Error) decides the veil. */
  timeline: Timeline;
  /** Drawn over the preview by the app (the runtime error overlay). */
  children?: ReactNode;
}

export function PreviewPane({ attach, hung, timeline, children }: PreviewPaneProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Only the pause: the tick moves many times a second while a program runs.
  const paused = useStore(timeline, (t) => t.active && t.mode !== 'playing');
  useEffect(() => attach(ref.current!), [attach]);
  return (
    <div className="pp-preview">
      <div ref={ref} className="pp-preview-frames" />
      {paused && !hung && (
        // Blocks pointer input to the paused program (the runtime also ignores real events),
        // whatever the Run status says: a run that threw, a step back, a replay.
        <div className="pp-preview-paused">
          <span>Paused</span>
        </div>
      )}
      {hung && (
        <div className="pp-preview-overlay" role="alert">
          <strong>The preview stopped responding.</strong>
          <span>It may be stuck in a long or infinite loop. Fix the code, then press Run.</span>
        </div>
      )}
      {children}
    </div>
  );
}
