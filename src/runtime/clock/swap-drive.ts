/**
 * Runs a hot swap's replay (swap-replay.ts says what runs next) in the tick loop's preview: one
 * tick per real task, as fast as a replay, until it lands; then reports how it went with the
 * loop's state (`LoopState.swap`).
 */
import type { InputRecord, SwapTarget } from '../../protocol/index.ts';
import type { TickLoopDeps } from './tick-loop-types.ts';
import type { TickRunner } from './tick-runner.ts';
import { landed, ranTick, startSwap, swapStep, threw, tookInput } from './swap-replay.ts';

export interface SwapDrive {
  /** The new code threw (an uncaught error or rejection) in the tick running now. */
  threw(): void;
}

export function driveSwap(
  deps: TickLoopDeps,
  runner: TickRunner,
  target: SwapTarget,
  /** Still the swap's turn (the loop is replaying); false stops it. */
  active: () => boolean,
  /** Lands: the loop is paused (the caller sets its mode). */
  land: () => void,
): SwapDrive {
  const { clock } = deps;
  let s = startSwap(clock.now());
  /** An input as delivered, made once (a resize waits for its frame, then runs the same record). */
  const made = new Map<number, InputRecord | 'wait' | 'gone'>();
  const deliver = (index: number, now: number): InputRecord | 'wait' | 'gone' => {
    const known = made.get(index);
    if (known && known !== 'wait') return known;
    const got = deps.swap!.deliver(target.inputs[index]!.input);
    const input = typeof got === 'string' ? got : { ...got, tick: runner.tick + 1, now };
    made.set(index, input);
    return input;
  };
  /** Runs `input` (of `index`) as the next tick; false while its frame takes a recorded size. */
  const run = (index: number, input: InputRecord) => {
    if (deps.viewport?.resizeTo(input, step)) return false;
    s = tookInput(s, index, 'delivered');
    runner.runInput(input, true);
    s = ranTick(s, input.now);
    deps.hop(step);
    return true;
  };
  const finish = () => {
    s = landed(s);
    if (!s.threw) clock.advanceTo(target.until, true);
    land();
    deps.swap!.landed();
    runner.flush({ swap: { missed: [...s.missed], ...(s.threw ? { threw: s.threw } : {}) } });
    runner.rest();
  };
  function step(): void {
    runner.finalize();
    if (!active()) return;
    // A response the new code asked for since it was due: its tick comes now.
    for (const index of s.late) {
      const input = deliver(index, clock.now());
      if (typeof input !== 'string') return void run(index, input);
    }
    for (;;) {
      const next = swapStep(target, s, clock.peek()?.at ?? null);
      if (next.run === 'land') return finish();
      if (next.run === 'timer') {
        runner.runTimer();
        s = ranTick(s, clock.now());
        return deps.hop(step);
      }
      const input = deliver(next.index, target.inputs[next.index]!.input.now);
      if (input === 'gone' || input === 'wait') {
        s = tookInput(s, next.index, input === 'gone' ? 'missed' : 'late');
        continue;
      }
      return void run(next.index, input);
    }
  }
  deps.hop(step);
  return {
    threw() {
      s = threw(target, s, runner.tick, clock.now());
    },
  };
}
