import type { Session } from './session';
import type { LayoutPlan } from '../ui/layout';
import { RunControls } from '../run/RunControls';

/**
 * Play, steps, timeline and tick over the preview, where the toolbar has no room for them
 * (src/ui/layout.ts); the speed goes along where the plan says so.
 */
export function TransportBar({ session, plan }: { session: Session; plan: LayoutPlan }) {
  if (plan.transport !== 'preview') return null;
  return (
    <div className="pp-transport">
      <RunControls timeline={session.timeline} withSpeed={plan.speed === 'transport'} />
    </div>
  );
}
