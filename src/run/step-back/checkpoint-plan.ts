/**
 * Where to keep step-back checkpoints (hidden previews parked at a tick) and which one to use
 * (docs/architecture.md, "The run loop"). A parked preview can only go forward, and each one holds a whole page in
 * memory, so a few are kept at spaced ticks before the current one: the tick just before (an
 * instant Step back), then ticks on grids 8, 64, 512… ticks apart. Grid-aligned ticks stay
 * the same while the user steps back, so stepping back does not re-park them all.
 */

/** Grid spacing between checkpoint k and k+1. */
export const CHECKPOINT_SPACING = 8;

/**
 * Checkpoints kept on top of the setting's count, at the ticks just behind the current one.
 * Every step back uses one parked preview up (it moves on to the target and is shown), and
 * parking a new one replays from tick 0 (~0.3 s at tick 1,000): steps back in a row live on
 * what was parked before them. With the tick before and two more dense, plus the grid, five
 * in a row each find one within a grid's spacing (tests: "five steps back in a row").
 */
export const NEAR_EXTRA = 2;

/**
 * Ticks to keep checkpoints at while paused at `tick`, newest first: at most `count`,
 * distinct, each in [first, tick): the `near` ticks just before `tick`, then ticks on grids
 * 8, 64, 512… apart.
 */
export function checkpointTicks(tick: number, count: number, first = 0, near = 1): number[] {
  const out: number[] = [];
  for (let back = 1; back <= Math.min(near, count) && tick - back >= first; back++)
    out.push(tick - back);
  if (out.length === 0 || out.at(-1) === first) return out;
  for (let grid = CHECKPOINT_SPACING; out.length < count; grid *= CHECKPOINT_SPACING) {
    let at = Math.floor((tick - 1) / grid) * grid;
    // A grid tick shared with a finer grid (just past a multiple of 512, all grids meet) takes
    // the grid's tick before it: otherwise the slot goes to a far coarser grid (often tick 0),
    // and steps back in a row run out of nearby checkpoints after two.
    if (out.includes(at)) at -= grid;
    at = Math.max(first, at);
    if (!out.includes(at)) out.push(at);
    if (at === first) break;
  }
  return out;
}

/** A parked preview: the tick it will rest at and the tick it has reached so far. */
export interface Checkpoint {
  tick: number;
  /** Last tick it reported; 0 once started but silent (replays report at the end); -1 not started. */
  reached: number;
}

/**
 * The checkpoint to rebuild `target` from, or null to replay from tick 0 in a fresh preview.
 * Any checkpoint at or before the target works (it rests, then runs on to the target); the
 * ticks left to run are `target - reached`, so the one furthest along wins, then the nearest.
 */
export function chooseCheckpoint<C extends Checkpoint>(target: number, parked: C[]): C | null {
  let best: C | null = null;
  for (const c of parked) {
    if (c.tick > target || c.reached < 0) continue;
    if (!best || c.reached > best.reached || (c.reached === best.reached && c.tick > best.tick))
      best = c;
  }
  return best;
}

/**
 * Which parked preview goes to which wanted tick, newest first: each takes the parked one
 * with the highest tick at or below it (moved on from there, which is cheaper than a replay
 * from tick 0). So after a step back the parked previews shift up one slot each and only the
 * oldest slot is replayed from scratch. Returns the moves (`to` may equal the tick), the
 * wanted ticks left to park from scratch, and the parked previews no longer needed.
 */
export function assignCheckpoints<C extends { tick: number }>(
  wanted: number[],
  parked: C[],
): { moves: { from: C; to: number }[]; park: number[]; drop: C[] } {
  const free = [...parked].sort((a, b) => b.tick - a.tick);
  const moves: { from: C; to: number }[] = [];
  const park: number[] = [];
  for (const to of [...wanted].sort((a, b) => b - a)) {
    const i = free.findIndex((c) => c.tick <= to);
    if (i < 0) park.push(to);
    else moves.push({ from: free.splice(i, 1)[0]!, to });
  }
  return { moves, park, drop: free };
}

/** One step of refilling the checkpoints: move a parked preview on, or park a new one. */
export type RefillStep<C> = { move: C; to: number } | { park: number };

/**
 * The next refill step while paused, or null when there is nothing to do now. Parked
 * previews share the machine (and often one renderer thread) with the visible one, and a
 * replay runs its ticks back to back, so only one is replayed at a time: nothing starts
 * while one is still on its way (`reached` below its `tick`). The slot nearest the current
 * tick goes first: a few ticks' move of the next parked preview keeps the next Step back
 * instant, while the older slots (long moves, replays from tick 0) are refilled after it.
 */
export function nextRefill<C extends Checkpoint>(
  plan: { moves: { from: C; to: number }[]; park: number[] },
  parked: C[],
): RefillStep<C> | null {
  if (parked.some((c) => c.reached < c.tick)) return null;
  const steps: (RefillStep<C> & { at: number })[] = [
    ...plan.moves
      .filter((m) => m.to !== m.from.tick)
      .map((m) => ({ move: m.from, to: m.to, at: m.to })),
    ...plan.park.map((tick) => ({ park: tick, at: tick })),
  ];
  steps.sort((a, b) => b.at - a.at);
  const first = steps[0];
  if (!first) return null;
  return 'move' in first ? { move: first.move, to: first.to } : { park: first.park };
}
