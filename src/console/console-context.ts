import { createContext, useContext } from 'react';
import type { RawFrame } from '../protocol';
import type { MappedFrame } from './map-stack';

/** What deeply nested console views need from the panel, without threading props. */
export interface ConsoleActions {
  /** Maps frames of Error values inside logged arguments against the current run's program. */
  mapFrames: (frames: RawFrame[]) => MappedFrame[];
  /** Opens a project file at a 1-based position in the editor. */
  onOpenLocation: (file: string, line: number, column: number) => void;
  /** Seeks the run to a tick (entries carry the tick they were logged in). */
  onSeekTick?: (tick: number) => void;
}

const noop: ConsoleActions = {
  mapFrames: (frames) =>
    frames.map((f) => ({
      ...(f.fn ? { fn: f.fn } : {}),
      file: f.url,
      line: f.line,
      column: f.column,
      mapped: false,
    })),
  onOpenLocation: () => undefined,
};

export const ConsoleActionsContext = createContext<ConsoleActions>(noop);

export const useConsoleActions = (): ConsoleActions => useContext(ConsoleActionsContext);
