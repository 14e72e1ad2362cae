/**
 * The one model of the app's layout per window width: which arrangement (phone, tablet, laptop,
 * wide), where the run's playback controls sit, and which toolbar controls go into "More".
 * Pure data: React reads it through useLayout (media queries built from the same breakpoints).
 */

/** The arrangements, narrowest first. */
export type LayoutKind = 'phone' | 'tablet' | 'laptop' | 'wide';

/** Smallest width (CSS px) of each arrangement but the first; phone is everything below tablet. */
export const BREAKPOINTS = { tablet: 640, laptop: 1280, wide: 1760 } as const;

/** Toolbar controls that may go into the "More" menu, in the order the menu lists them. */
export type OverflowItem =
  'new-project' | 'projects' | 'download' | 'auto-run' | 'speed' | 'share' | 'settings';

export interface LayoutPlan {
  /** The arrangement. */
  kind: LayoutKind;
  /** Tabs (Code, Preview, Console, Files) instead of side-by-side panels. */
  tabs: boolean;
  /** Play, steps, timeline and tick: in the top toolbar (room to spare) or in a bar over the preview. */
  transport: 'toolbar' | 'preview';
  /** The speed buttons: with playback, alone in the toolbar (the bar over the preview is too narrow for them), or in "More" (listed in overflow). */
  speed: 'transport' | 'toolbar' | 'more';
  /** The "Playpen" wordmark: left out where the project's name needs the room. */
  logo: boolean;
  /** Controls shown in the "More" menu instead of the toolbar; empty = no "More" button. */
  overflow: readonly OverflowItem[];
}

export function layoutKindFor(width: number): LayoutKind {
  if (width >= BREAKPOINTS.wide) return 'wide';
  if (width >= BREAKPOINTS.laptop) return 'laptop';
  if (width >= BREAKPOINTS.tablet) return 'tablet';
  return 'phone';
}

const PLANS: Record<LayoutKind, LayoutPlan> = {
  // 375 px: Run, the status and "More" on top; playback over the preview; everything else in More.
  phone: {
    kind: 'phone',
    tabs: true,
    transport: 'preview',
    speed: 'more',
    logo: false,
    overflow: ['new-project', 'projects', 'download', 'auto-run', 'speed', 'share', 'settings'],
  },
  // 768 px: the three panels; the toolbar keeps Run, the status, Share and Settings.
  tablet: {
    kind: 'tablet',
    tabs: false,
    transport: 'preview',
    speed: 'more',
    logo: true,
    overflow: ['new-project', 'projects', 'download', 'auto-run', 'speed'],
  },
  // 1280 px: playback moves over the preview (the speed stays on top), so the toolbar fits one
  // row with nothing hidden.
  laptop: {
    kind: 'laptop',
    tabs: false,
    transport: 'preview',
    speed: 'toolbar',
    logo: true,
    overflow: [],
  },
  wide: {
    kind: 'wide',
    tabs: false,
    transport: 'toolbar',
    speed: 'transport',
    logo: true,
    overflow: [],
  },
};

export function layoutPlan(kind: LayoutKind): LayoutPlan {
  return PLANS[kind];
}

/** The media query that matches exactly the widths of `kind`. */
export function layoutQuery(kind: LayoutKind): string {
  const min = kind === 'phone' ? 0 : BREAKPOINTS[kind];
  const next = {
    phone: BREAKPOINTS.tablet,
    tablet: BREAKPOINTS.laptop,
    laptop: BREAKPOINTS.wide,
    wide: Infinity,
  }[kind];
  const parts = [];
  if (min > 0) parts.push(`(min-width: ${min}px)`);
  // Fractional widths (zoom) fall between `max-width: n-1` and `min-width: n`: compare to n - 0.02.
  if (next !== Infinity) parts.push(`(max-width: ${next - 0.02}px)`);
  return parts.join(' and ');
}
