/**
 * The React component, a package of its own (dist/sdk/react, `npm pack`-able) that takes React
 * from the host app. Its props are the SDK's options and an `on…` prop per event, typed from
 * the same types. `files` may change after mount (the embed gets setFiles); a change to any
 * other option makes a new embed. The ref is the embed's handle (null until mounted).
 */
import {
  createElement,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { createEmbed } from './core';
import type {
  EmbedEventName,
  EmbedEvents,
  Playpen as PlaypenHandle,
  PlaypenOptions,
} from './types';

export type * from './types';
export type { PlaypenHandle };

/** An `on…` prop per SDK event: onReady, onChange, onBuild, onRun, onConsole, onError, onTick. */
export type PlaypenEventProps = {
  [N in EmbedEventName as `on${Capitalize<N>}`]?: (data: EmbedEvents[N]) => void;
};

export interface PlaypenProps extends Omit<PlaypenOptions, 'baseUrl'>, PlaypenEventProps {
  /** Where Playpen is hosted (the folder of its index.html): a package cannot know it. */
  baseUrl: string;
  /** Class of the element the embed goes in. */
  className?: string;
  /** Style of the element the embed goes in. */
  style?: CSSProperties;
}

const EVENTS: EmbedEventName[] = ['ready', 'change', 'build', 'run', 'console', 'error', 'tick'];
const propOf = (name: EmbedEventName) =>
  `on${name[0]!.toUpperCase()}${name.slice(1)}` as keyof PlaypenEventProps;

/** A Playpen embed. */
export const Playpen = forwardRef<PlaypenHandle, PlaypenProps>(function Playpen(props, ref) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  const applied = useRef<string | undefined>(undefined);
  const [handle, setHandle] = useState<PlaypenHandle | null>(null);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const { files, className, style, ...rest } = props;
  const options = Object.fromEntries(
    Object.entries(rest).filter(([key, value]) => typeof value !== 'function' && key !== 'ref'),
  );
  const key = JSON.stringify(options);
  const filesKey = JSON.stringify(files ?? null);

  useEffect(() => {
    const playpen = createEmbed(box.current!, {
      ...(JSON.parse(key) as PlaypenOptions),
      files: latest.current.files,
    });
    applied.current = JSON.stringify(latest.current.files ?? null);
    for (const name of EVENTS)
      playpen.on(name, (data) =>
        (latest.current[propOf(name)] as ((d: unknown) => void) | undefined)?.(data),
      );
    setHandle(playpen);
    return () => {
      void playpen.destroy();
      setHandle(null);
    };
  }, [key]);

  useEffect(() => {
    if (!handle || filesKey === applied.current) return;
    applied.current = filesKey;
    void handle.setFiles(latest.current.files ?? {});
  }, [handle, filesKey]);

  // Null until the embed exists (as a DOM ref is before mount).
  useImperativeHandle(ref, () => handle as PlaypenHandle, [handle]);
  return createElement('div', { ref: box, className, style });
});
