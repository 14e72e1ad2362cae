import { Button } from 'react-aria-components';
import { CircleX, X } from 'lucide-react';
import { useStore } from '../ui/useStore';
import type { ProblemsStore } from './problems-store';
import { problemLocation } from './problem-list';
import type { OpenLocation } from './open-location';
import './problems.css';

const TITLE = {
  uncaught: 'Uncaught error',
  unhandledrejection: 'Unhandled promise rejection',
  load: 'The program failed to load',
} as const;

/**
 * The run's first uncaught error, drawn by the app over the preview (never inside the frame:
 * the program could hide or fake it). It takes no focus, so typing in the editor goes on; it
 * is announced as an alert instead, and goes on Dismiss or when the next run starts.
 */
export function RuntimeErrorOverlay({
  problems,
  onOpenLocation,
}: {
  problems: ProblemsStore;
  /** Absent where there is no editor to open (the location then shows as text). */
  onOpenLocation?: OpenLocation;
}) {
  const error = useStore(problems, (s) => s.overlay);
  if (!error) return null;
  const where = problemLocation(error);
  const { file, line, column } = error;
  return (
    <div className="pp-error-overlay" role="alert" aria-label="Runtime error">
      <div className="pp-error-overlay__head">
        <CircleX size={16} aria-hidden className="pp-error-overlay__icon" />
        <strong>{TITLE[error.kind]}</strong>
        <Button
          className="pp-icon-button pp-error-overlay__dismiss"
          aria-label="Dismiss"
          onPress={problems.dismissOverlay}
        >
          <X size={14} aria-hidden />
        </Button>
      </div>
      <pre className="pp-error-overlay__message">{error.message}</pre>
      {where && file && line && onOpenLocation ? (
        <Button className="pp-link" onPress={() => onOpenLocation(file, line, column ?? 1)}>
          {where}
        </Button>
      ) : where ? (
        <span className="pp-error-overlay__where">{where}</span>
      ) : null}
    </div>
  );
}
