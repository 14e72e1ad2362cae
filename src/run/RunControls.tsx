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
import { useStore } from '../app/useStore';
import { SPEEDS, type Timeline } from './timeline';
import { runShortcut, SHORTCUTS } from './run-shortcuts';
import './run-controls.css';

export interface RunControlsProps {
  /** The current run's timeline (play, pause, step, seek). */
  timeline: Timeline;
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
  // A disabled button gets no hover or focus, so its reason rides on the wrapper's title.
  if (disabledReason) return <span title={disabledReason}>{children}</span>;
  return (
    <TooltipTrigger delay={400}>
      {children}
      <Tooltip className="pp-tooltip">{text}</Tooltip>
    </TooltipTrigger>
  );
}

const formatTime = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

/** Play/Pause, Step back, Step forward, the Timeline slider and the speed (DESIGN.md §4). */
export function RunControls({ timeline }: RunControlsProps) {
  const t = useStore(timeline);
  const input = useRef<HTMLInputElement>(null);
  // A native range input only implies these; DESIGN.md §4 promises them as attributes.
  useLayoutEffect(() => {
    input.current?.setAttribute('aria-valuenow', String(Math.min(t.tick, t.lastTick)));
    input.current?.setAttribute('aria-valuemin', '0');
    input.current?.setAttribute('aria-valuemax', String(Math.max(t.lastTick, 0)));
  });
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

  const playing = t.mode === 'playing';
  const off = !t.active;
  const forwardReason = off
    ? 'Nothing is running'
    : t.canStepForward || playing
      ? undefined
      : 'Nothing is pending: no timer, animation frame or recorded tick comes next';
  return (
    <div className="pp-run-controls" role="group" aria-label="Run controls">
      <Tip text={`${playing ? 'Pause' : 'Play'} (${SHORTCUTS.toggle})`}>
        <Button
          className="pp-button pp-icon-button"
          isDisabled={off}
          aria-label={playing ? 'Pause' : 'Play'}
          onPress={() => timeline.togglePlay()}
        >
          {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
        </Button>
      </Tip>
      <Tip
        text={`Step back one tick (${SHORTCUTS.back})`}
        disabledReason={off || t.tick === 0 ? 'At the first tick' : undefined}
      >
        <Button
          className="pp-button pp-icon-button"
          aria-label="Step back"
          isDisabled={off || t.tick === 0}
          onPress={() => timeline.stepBack()}
        >
          <StepBack size={16} aria-hidden />
        </Button>
      </Tip>
      <Tip text={`Step forward one tick (${SHORTCUTS.forward})`} disabledReason={forwardReason}>
        <Button
          className="pp-button pp-icon-button"
          aria-label="Step forward"
          isDisabled={forwardReason !== undefined}
          onPress={() => timeline.stepForward()}
        >
          <StepForward size={16} aria-hidden />
        </Button>
      </Tip>
      <Slider
        className="pp-timeline"
        minValue={0}
        maxValue={Math.max(t.lastTick, 0)}
        value={Math.min(t.tick, t.lastTick)}
        isDisabled={off || t.lastTick === 0}
        onChange={(v) => timeline.seek(v as number)}
      >
        <Label className="pp-visually-hidden">Timeline</Label>
        <SliderTrack className="pp-timeline-track">
          <SliderThumb className="pp-timeline-thumb" inputRef={input} />
        </SliderTrack>
      </Slider>
      <span className="pp-tick" aria-live="off" title={t.historyNote ?? t.divergence ?? undefined}>
        Tick {t.tick} / {t.lastTick} · {formatTime(t.elapsed)}
        {t.historyNote && <span className="pp-tick-note"> (history full)</span>}
      </span>
      <ToggleButtonGroup
        aria-label="Speed"
        className="pp-speed"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[String(t.speed)]}
        onSelectionChange={(keys) => {
          const [key] = [...keys];
          if (key !== undefined) timeline.setSpeed(Number(key));
        }}
      >
        {SPEEDS.map((s) => (
          <ToggleButton
            key={s}
            id={String(s)}
            className="pp-speed-button"
            aria-label={`Speed ${s}×`}
          >
            {s}×
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
