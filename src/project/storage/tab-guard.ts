/**
 * One saved project open in several tabs (BroadcastChannel): exactly one tab edits and saves
 * it, the others are read-only, so no tab accepts typing it would not save and no tab's
 * autosave overwrites another's work. A tab that opens a project another tab is editing is
 * read-only; "Edit here" asks the editing tab to save and let go, then this tab loads what
 * was saved and edits from there, and the other tab is read-only in turn.
 */
export type TabConflict =
  /** No other tab edits this project: this tab edits and saves it. */
  | 'none'
  /** Another tab had it open first and edits it; this tab is read-only. */
  | 'open-elsewhere'
  /** Another tab took the project over; this tab is read-only. */
  | 'taken-over'
  /** The tab that edited it closed or left it; this tab is read-only until "Edit here". */
  | 'left'
  /** "Edit here" was pressed: waiting for the editing tab to save, then loading what it saved. */
  | 'taking-over';

/** The part of BroadcastChannel used (injected: tests pass a fake, old browsers null). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', fn: (event: { data: unknown }) => void): void;
  close(): void;
}

type Message =
  /** open: announces; take: "Edit here"; closed: stopped editing; released: saved and let go. */
  | { type: 'open' | 'take' | 'closed' | 'released'; tab: string; id: string }
  /** The editing tab's answer to `open`. */
  | { type: 'also-open'; tab: string; id: string; to: string };

/** What the guard asks of the tab it guards. */
export interface TabGuardHooks {
  /** This tab's state changed (read-only unless 'none'). */
  onConflict(conflict: TabConflict): void;
  /**
   * Another tab takes the project over: stop accepting edits now and save what this tab has;
   * resolves once saved (or once saving gave up, leaving a copy the other tab reads).
   */
  release(): Promise<void>;
  /** This tab takes the project over: load its latest saved state before edits are accepted. */
  reload(): Promise<void>;
  /** Longest wait for the editing tab to release, in ms (it may be frozen or gone). */
  releaseWaitMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface TabGuard {
  /** This tab now edits record `id` (null: none). */
  announce(id: string | null): void;
  /** "Edit here": resolves once this tab edits the project (or the attempt was overtaken). */
  takeOver(): Promise<void>;
  /** The page is going away: the read-only tabs are told the project is free. */
  leave(): void;
  /** The page came back from the back/forward cache: another tab may edit the project now. */
  rejoin(): void;
  dispose(): void;
}

const RELEASE_WAIT_MS = 5000;

export function createTabGuard(
  channel: ChannelLike | null,
  tab: string,
  hooks: TabGuardHooks,
): TabGuard {
  const setTimer = hooks.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = hooks.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let current: string | null = null;
  let conflict: TabConflict = 'none';
  // The tab that edits `current` when it is not this one; null when none is known.
  let owner: string | null = null;
  // Settles the wait of a pending "Edit here" (the owner released, or the attempt ended).
  let released: (() => void) | null = null;
  // Bumped whenever a pending "Edit here" must not finish (another project, another taker).
  let attempt = 0;

  const set = (next: TabConflict) => {
    if (next === conflict) return;
    conflict = next;
    hooks.onConflict(next);
  };
  const post = (message: Message) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel: nothing to coordinate with.
    }
  };
  const abandonTakeOver = () => {
    attempt++;
    released?.();
    released = null;
  };

  function onTake(from: string, id: string) {
    if (conflict === 'taking-over') {
      // Both pressed "Edit here" at once: the larger tab id wins, everywhere the same way.
      if (from < tab) return;
      abandonTakeOver();
      owner = from;
      set('taken-over');
      // The winner took this tab for the editing one: it holds nothing, so it lets go at once.
      return post({ type: 'released', tab, id });
    }
    const wasEditing = conflict === 'none';
    owner = from;
    if (!wasEditing) return set('taken-over');
    // Saving starts before the read-only state shows, so no edit falls between the two.
    const saved = hooks.release();
    set('taken-over');
    void saved.then(
      () => post({ type: 'released', tab, id }),
      () => post({ type: 'released', tab, id }),
    );
  }

  function announce(id: string | null) {
    if (id === current) return;
    abandonTakeOver();
    // The read-only tabs on the project this one leaves may take it over.
    if (current && conflict === 'none') post({ type: 'closed', tab, id: current });
    current = id;
    owner = null;
    set('none');
    if (id) post({ type: 'open', tab, id });
  }

  channel?.addEventListener('message', ({ data }) => {
    const m = data as Partial<Message> | null;
    if (!m || typeof m !== 'object' || typeof m.tab !== 'string' || m.tab === tab) return;
    if (!current || m.id !== current) return;
    const from = m.tab;
    switch (m.type) {
      case 'open':
        // A tab about to edit answers too, so the newcomer does not start editing as well.
        if (conflict === 'none' || conflict === 'taking-over')
          post({ type: 'also-open', tab, id: current, to: from });
        // Nobody edits it: the tab that opened it will, as no one answers it.
        else if (owner === null && conflict === 'left') {
          owner = from;
          set('open-elsewhere');
        }
        break;
      case 'also-open':
        if (m.to === tab && conflict === 'none') {
          owner = from;
          set('open-elsewhere');
        } else if (conflict !== 'none' && conflict !== 'taking-over') owner = from;
        break;
      case 'take':
        onTake(from, current);
        break;
      case 'released':
        if (from === owner) released?.();
        break;
      case 'closed':
        if (from !== owner) break;
        owner = null;
        if (conflict === 'taking-over') released?.();
        else if (conflict !== 'none') set('left');
        break;
    }
  });

  return {
    announce,
    async takeOver() {
      const id = current;
      if (!id || conflict === 'none' || conflict === 'taking-over') return;
      abandonTakeOver();
      const mine = attempt;
      set('taking-over');
      // Listening before asking: the answer may come back before post() returns.
      const answered =
        owner === null
          ? null
          : new Promise<void>((resolve) => {
              const timer = setTimer(() => {
                released = null;
                resolve();
              }, hooks.releaseWaitMs ?? RELEASE_WAIT_MS);
              released = () => {
                clearTimer(timer);
                released = null;
                resolve();
              };
            });
      post({ type: 'take', tab, id });
      if (answered) await answered;
      if (mine !== attempt) return;
      try {
        await hooks.reload();
      } catch {
        // Loading failed (storage said why): this tab edits what it shows.
      }
      if (mine !== attempt || id !== current) return;
      owner = null;
      set('none');
    },
    leave() {
      if (current && conflict === 'none') post({ type: 'closed', tab, id: current });
    },
    rejoin() {
      const id = current;
      current = null;
      announce(id);
    },
    dispose() {
      abandonTakeOver();
      channel?.close();
    },
  };
}
