import type { EmbedPane, EmbedView } from '../protocol/embed';

/** A tab of the embed: the editor is the Code tab. */
export type EmbedTab = 'code' | 'preview' | 'console' | 'problems';

const TAB_OF: Record<EmbedPane, EmbedTab> = {
  editor: 'code',
  preview: 'preview',
  console: 'console',
  problems: 'problems',
};
const ALL: readonly EmbedPane[] = ['editor', 'preview', 'console', 'problems'];

/** How the embed lays out its panes. */
export interface PanePlan {
  /** The editor beside the output tabs; otherwise every pane is a tab. */
  split: boolean;
  /** The tabs, in order (in a split, the output's only). */
  tabs: EmbedTab[];
  /** The tab selected at first. */
  first: EmbedTab;
  /** The preview is no pane: the program still runs, in a preview out of sight. */
  hiddenPreview: boolean;
}

/**
 * The panes a host asked for (`panes`, in the usual order, default all) laid out as `view`
 * says: 'split' puts the editor beside the output where there is room (not `narrow`); the other
 * views show one pane at a time, starting with theirs.
 */
export function planPanes(
  view: EmbedView = 'split',
  panes: readonly EmbedPane[] = ALL,
  narrow = false,
): PanePlan {
  const shown = ALL.filter((p) => panes.includes(p)).map((p) => TAB_OF[p]);
  const output = shown.filter((t) => t !== 'code');
  const split = view === 'split' && !narrow && shown.includes('code') && output.length > 0;
  const wanted = view === 'split' ? 'code' : TAB_OF[view];
  const tabs = split ? output : shown;
  const first = tabs.includes(wanted) ? wanted : tabs[0]!;
  return { split, tabs, first, hiddenPreview: !shown.includes('preview') };
}
