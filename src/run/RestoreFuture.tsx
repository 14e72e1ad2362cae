import { Undo2 } from 'lucide-react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useStore } from '../ui/useStore';
import type { Timeline } from './timeline';

/**
 * "Restore previous future" (DESIGN.md §4): shown once a new input, while a recording played,
 * forked the run. It returns to the future the fork replaced; pressed again it visits every
 * kept future in turn, so none is lost.
 */
export function RestoreFuture({ timeline }: { timeline: Timeline }) {
  const next = useStore(timeline, (t) => t.futures[0]);
  const count = useStore(timeline, (t) => t.futures.length);
  if (!next) return null;
  const what = `Return to the future left after tick ${next.forkTick} (recorded to tick ${next.lastTick})${
    count > 1 ? `; ${count} futures kept` : ''
  }`;
  return (
    <TooltipTrigger delay={400}>
      <Button
        className="pp-button pp-restore-future"
        aria-label="Restore previous future"
        onPress={() => timeline.restoreFuture()}
      >
        <Undo2 size={14} aria-hidden /> Restore future
      </Button>
      <Tooltip className="pp-tooltip">{what}</Tooltip>
    </TooltipTrigger>
  );
}
