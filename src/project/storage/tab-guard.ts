/**
 * Notices the same saved project open in two tabs (BroadcastChannel), so one tab's autosave
 * does not silently overwrite the other's work. The tab that opened it second is warned and
 * stops saving until the user picks it ("Use this tab"); the other tab then stops saving.
 */
export type TabConflict =
  /** No other tab has this project open. */
  | 'none'
  /** Another tab had it open first; this tab does not save until taken over. */
  | 'open-elsewhere'
  /** Another tab took the project over; this tab no longer saves. */
  | 'taken-over';

/** The part of BroadcastChannel used (injected: tests pass a fake, old browsers null). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', fn: (event: { data: unknown }) => void): void;
  close(): void;
}

type Message =
  | { type: 'open' | 'take' | 'closed'; tab: string; id: string }
  | { type: 'also-open'; tab: string; id: string; to: string };

export interface TabGuard {
  /** This tab now edits record `id` (null: none). */
  announce(id: string | null): void;
  /** "Use this tab": the other tab stops saving, this one resumes. */
  takeOver(): void;
  /** The page is going away: another tab warned about this one may save again. */
  leave(): void;
  dispose(): void;
}

export function createTabGuard(
  channel: ChannelLike | null,
  tab: string,
  onConflict: (conflict: TabConflict) => void,
): TabGuard {
  let current: string | null = null;
  let conflict: TabConflict = 'none';
  const set = (next: TabConflict) => {
    if (next === conflict) return;
    conflict = next;
    onConflict(next);
  };
  const post = (message: Message) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel: nothing to coordinate with.
    }
  };

  channel?.addEventListener('message', ({ data }) => {
    const m = data as Partial<Message> | null;
    if (!m || typeof m !== 'object' || m.tab === tab || m.id !== current || !current) return;
    if (m.type === 'open' && conflict === 'none')
      post({ type: 'also-open', tab, id: current, to: m.tab! });
    else if (m.type === 'also-open' && m.to === tab) set('open-elsewhere');
    else if (m.type === 'take') set('taken-over');
    else if (m.type === 'closed' && conflict === 'open-elsewhere') set('none');
  });

  return {
    announce(id) {
      if (id === current) return;
      // A tab warned about the project this one leaves may save it again.
      if (current && conflict === 'none') post({ type: 'closed', tab, id: current });
      current = id;
      set('none');
      if (id) post({ type: 'open', tab, id });
    },
    takeOver() {
      if (!current) return;
      post({ type: 'take', tab, id: current });
      set('none');
    },
    leave() {
      if (current && conflict === 'none') post({ type: 'closed', tab, id: current });
    },
    dispose() {
      channel?.close();
    },
  };
}
