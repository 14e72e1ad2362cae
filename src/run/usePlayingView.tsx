import { useMemo } from 'react';
import { throttledStore } from '../ui/throttled-store';
import type { Timeline } from './timeline';

/** While a run plays, the figures that move every frame follow at most this often. */
const PLAYING_REFRESH_MS = 100;

/**
 * The timeline as the slider, the tick text and the marks read it: while playing, changes
 * reach them at most every PLAYING_REFRESH_MS (a render and a paint of the app per frame
 * otherwise); a pause, a step or a seek at once.
 */
export const usePlayingView = (timeline: Timeline) =>
  useMemo(
    () => throttledStore(timeline, PLAYING_REFRESH_MS, (s) => s.mode === 'playing'),
    [timeline],
  );
