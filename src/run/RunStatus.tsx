import { LoaderCircle } from 'lucide-react';
import { useMemo } from 'react';
import { STATUS_TEXT, type RunState } from './controller';
import { settledStore } from '../ui/settled-store';
import { useStore, type ExternalStore } from '../ui/useStore';

/** The "Run status" live region; the detail (first error, hang) shows as its tooltip text. */
export function RunStatus({ state }: { state: RunState }) {
  const { status, detail, buildMs, hungAt } = state;
  const text =
    status === 'not-responding' && hungAt !== undefined
      ? `${STATUS_TEXT[status]} at tick ${hungAt}`
      : STATUS_TEXT[status];
  const title = detail ?? (buildMs !== null ? `Last build ${Math.round(buildMs)} ms` : undefined);
  return (
    <div className={`pp-status pp-status--${status}`} title={title}>
      {(status === 'building' || status === 'starting') && (
        <LoaderCircle className="pp-spin" size={14} aria-hidden="true" />
      )}
      <span role="status" aria-label="Run status">
        {text}
      </span>
    </div>
  );
}

/** How long a build or a start lasts before the status says so (ms). */
const TRANSIENT_SHOWN_AFTER_MS = 200;

const isTransient = (state: RunState) => state.status === 'building' || state.status === 'starting';

/**
 * RunStatus reading the controller itself: a status change re-renders this alone. A build or a
 * start shows only when it lasts (settled-store.ts).
 */
export function LiveRunStatus({ controller }: { controller: ExternalStore<RunState> }) {
  const settled = useMemo(
    () => settledStore(controller, TRANSIENT_SHOWN_AFTER_MS, isTransient),
    [controller],
  );
  return <RunStatus state={useStore(settled)} />;
}
