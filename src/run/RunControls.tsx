import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Pause, Play, StepBack, StepForward } from 'lucide-react';
import {
  Button,
  Label,
  Slider,
  SliderThumb,
  SliderTrack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import { shallowEqual, useStore } from '../ui/useStore';
import { usePlayingView } from './usePlayingView';
import { SPEEDS, type Timeline, type TimelineState } from './timeline';
import { runShortcut, SHORTCUTS } from '../protocol/run-shortcuts';
import { RestoreFuture } from './RestoreFuture';
import { TimelineMarks } from './TimelineMarks';
import './run-controls.css';

export interface RunControlsProps {
  /** The current run's timeline (play, pause, step, seek). */
  timeline: Timeline;
}

export interface RunControlsOptions extends RunControlsProps {
  /** Show the speed buttons here; false where the layout puts them in the "More" menu. */
  withSpeed?: boolean;
}

function Tip({
  text,
  disabledReason,
  children,
}: {
  text: string;
  disabledReason?: string;
  children: ReactNode;
}) {
  // The buttons stay focusable when unavailable (aria-disabled), so hover and focus show why.
  return (
    <TooltipTrigger delay={400}>
      {children}
      <Tooltip className="pp-tooltip">{disabledReason ?? text}</Tooltip>
    </TooltipTrigger>
  );
}

/**
 * A run-control button that, when unavailable, says why: aria-disabled instead of disabled,
 * since a disabled button gets no hover or focus and so could show no reason.
 */
function ControlButton({
  label,
  reason,
  onPress,
  children,
}: {
  label: string;
  reason: string | undefined;
  onPress(): void;
  children: ReactNode;
}) {
  return (
    <Button
      className="pp-button pp-icon-button"
      aria-label={label}
      aria-disabled={reason ? true : undefined}
      onPress={() => {
        if (!reason) onPress();
      }}
    >
      {children}
    </Button>
  );
}

const formatTime = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

const forwardReasonOf = (t: TimelineState) =>
  !t.active
    ? 'Nothing is running'
    : t.canStepForward || t.mode === 'playing'
      ? undefined
      : 'Nothing pending: no timer, animation frame or recorded tick comes next';

const backReasonOf = (t: TimelineState) =>
  !t.active
    ? 'Nothing is running'
    : t.tick > t.firstTick
      ? undefined
      : t.firstTick > 0
        ? 'At the oldest recorded tick: older ticks fell out of the history'
        : 'At the first tick: nothing ran before it';

// Each part reads its own slice of the timeline, which changes at every tick the preview
// reports: only the slider and the tick text follow every tick; the buttons (react-aria,
// with tooltips) re-render when what they show changes.

function PlayPause({ timeline }: RunControlsProps) {
  const { active, playing } = useStore(
    timeline,
    (t) => ({ active: t.active, playing: t.mode === 'playing' }),
    shallowEqual,
  );
  return (
    <Tip text={`${playing ? 'Pause' : 'Play'} (${SHORTCUTS.toggle})`}>
      <Button
        className="pp-button pp-icon-button"
        isDisabled={!active}
        aria-label={playing ? 'Pause' : 'Play'}
        onPress={() => timeline.togglePlay()}
      >
        {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
      </Button>
    </Tip>
  );
}

function Steps({ timeline }: RunControlsProps) {
  const backReason = useStore(timeline, backReasonOf);
  const forwardReason = useStore(timeline, forwardReasonOf);
  return (
    <>
      <Tip text={`Step back one tick (${SHORTCUTS.back})`} disabledReason={backReason}>
        <ControlButton label="Step back" reason={backReason} onPress={() => timeline.stepBack()}>
          <StepBack size={16} aria-hidden />
        </ControlButton>
      </Tip>
      <Tip text={`Step forward one tick (${SHORTCUTS.forward})`} disabledReason={forwardReason}>
        <ControlButton
          label="Step forward"
          reason={forwardReason}
          onPress={() => timeline.stepForward()}
        >
          <StepForward size={16} aria-hidden />
        </ControlButton>
      </Tip>
    </>
  );
}

function TimelineSlider({ timeline }: RunControlsProps) {
  const t = useStore(
    usePlayingView(timeline),
    (s) => ({
      active: s.active,
      tick: s.tick,
      firstTick: s.firstTick,
      lastTick: s.lastTick,
      // The value moves on its own (playing, a replay, a pause or step not yet answered).
      busy: s.mode !== 'paused' || s.awaiting,
    }),
    shallowEqual,
  );
  const input = useRef<HTMLInputElement>(null);
  // A native range input only implies these; docs/architecture.md ("UI names") promises them as attributes.
  useLayoutEffect(() => {
    input.current?.setAttribute('aria-busy', String(t.active && t.busy));
    input.current?.setAttribute('aria-valuenow', String(Math.min(t.tick, t.lastTick)));
    input.current?.setAttribute('aria-valuemin', String(t.firstTick));
    input.current?.setAttribute('aria-valuemax', String(Math.max(t.lastTick, 0)));
  });
  return (
    <Slider
      className="pp-timeline"
      minValue={t.firstTick}
      maxValue={Math.max(t.lastTick, 0)}
      value={Math.min(t.tick, t.lastTick)}
      isDisabled={!t.active || t.lastTick <= t.firstTick}
      onChange={(v) => timeline.seek(v as number)}
    >
      <Label className="pp-visually-hidden">Timeline</Label>
      <SliderTrack className="pp-timeline-track">
        {t.tick < t.lastTick && (
          // The recorded part ahead of the current tick: Play plays it again, then goes live.
          <div
            className="pp-timeline-recorded"
            title={`Recorded to tick ${t.lastTick}: Play plays it again`}
            style={{
              left: `${(100 * (t.tick - t.firstTick)) / (t.lastTick - t.firstTick)}%`,
            }}
          />
        )}
        <SliderThumb className="pp-timeline-thumb" inputRef={input} />
      </SliderTrack>
      <TimelineMarks timeline={timeline} />
    </Slider>
  );
}

function TickText({ timeline }: RunControlsProps) {
  const t = useStore(
    usePlayingView(timeline),
    (s) => ({
      tick: s.tick,
      lastTick: s.lastTick,
      firstTick: s.firstTick,
      elapsed: s.elapsed,
      title: s.historyNote ?? s.divergence ?? undefined,
    }),
    shallowEqual,
  );
  return (
    <span className="pp-tick" aria-live="off" title={t.title}>
      Tick {t.tick} / {t.lastTick} · {formatTime(t.elapsed)}
      {t.firstTick > 0 && (
        <span className="pp-tick-note"> · ticks before {t.firstTick} dropped</span>
      )}
    </span>
  );
}

/** The speed buttons (0.25× to 4×), also shown on their own in the narrow layouts' "More" menu. */
export function SpeedControl({ timeline }: RunControlsProps) {
  const speed = useStore(timeline, (t) => t.speed);
  return (
    <ToggleButtonGroup
      aria-label="Speed"
      className="pp-speed"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[String(speed)]}
      onSelectionChange={(keys) => {
        const [key] = [...keys];
        if (key !== undefined) timeline.setSpeed(Number(key));
      }}
    >
      {SPEEDS.map((s) => (
        <ToggleButton key={s} id={String(s)} className="pp-speed-button" aria-label={`Speed ${s}×`}>
          {s}×
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Play/Pause, Step back, Step forward, the Timeline slider and the speed (docs/architecture.md, "UI names"). */
export function RunControls({ timeline, withSpeed = true }: RunControlsOptions) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = runShortcut(event);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      if (action === 'toggle') timeline.togglePlay();
      else if (action === 'forward') timeline.stepForward();
      else timeline.stepBack();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [timeline]);
  return (
    <div className="pp-run-controls" role="group" aria-label="Run controls">
      <PlayPause timeline={timeline} />
      <Steps timeline={timeline} />
      <TimelineSlider timeline={timeline} />
      <TickText timeline={timeline} />
      {withSpeed && <SpeedControl timeline={timeline} />}
      <RestoreFuture timeline={timeline} />
    </div>
  );
}
