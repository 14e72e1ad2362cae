import { LIMITS, type Settings } from './settings-store';
import { Num, Toggle } from './fields';

/** The run loop's safety and history settings (docs/architecture.md, "The run loop"): how runaway code and memory are bounded. */
export function RunLoopSettings({
  settings: s,
  update,
}: {
  settings: Settings;
  update(patch: Partial<Settings>): void;
}) {
  return (
    <section className="pp-settings-section" aria-label="Run loop">
      <h3 className="pp-settings-heading">Run loop</h3>
      <Num
        label="Loop time limit (ms)"
        value={s.loopBudgetMs}
        limit={LIMITS.loopBudgetMs}
        hint="A loop in your code running longer than this in one tick is stopped with “Possible infinite loop”. 0 turns the guard off."
        set={(loopBudgetMs) => update({ loopBudgetMs })}
      />
      <Num
        label="History length (ticks)"
        value={s.historyMaxTicks}
        limit={LIMITS.historyMaxTicks}
        hint="Ticks kept for Step back and the Timeline; older ones fall out of reach."
        set={(historyMaxTicks) => update({ historyMaxTicks })}
      />
      <Num
        label="History memory (MB)"
        value={s.historyMaxMB}
        limit={LIMITS.historyMaxMB}
        set={(historyMaxMB) => update({ historyMaxMB })}
      />
      <Toggle
        label="Keep my place when I edit while paused"
        value={s.keepPlaceOnEdit}
        set={(keepPlaceOnEdit) => update({ keepPlaceOnEdit })}
      />
      <Toggle
        label="Instant step back"
        value={s.replayStandby}
        set={(replayStandby) => update({ replayStandby })}
      />
      {s.replayStandby && (
        <Num
          label="Step-back checkpoints"
          value={s.replayCheckpoints}
          limit={LIMITS.replayCheckpoints}
          hint="Hidden previews kept at spaced ticks before the current one (the tick before, then 8, 64, 512… apart), so stepping back replays only from the nearest. Each holds a copy of the page in memory."
          set={(replayCheckpoints) => update({ replayCheckpoints })}
        />
      )}
    </section>
  );
}
