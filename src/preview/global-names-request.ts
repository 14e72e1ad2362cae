import type { HostMessage } from '../protocol';

/**
 * The console input's question to the shown preview: which global names it has (the runtime
 * reads them without running the program's code, src/runtime/global-names.ts). One question at
 * a time: a newer one, or another preview shown, answers the one waiting with null.
 */
export function createGlobalNamesRequest() {
  let seq = 0;
  let waiting: { seq: number; resolve: (names: string[] | null) => void } | null = null;
  const drop = () => {
    waiting?.resolve(null);
    waiting = null;
  };
  return {
    /** Sends the question with `send` (null: no preview, answered null at once). */
    ask(send: ((message: HostMessage) => void) | null): Promise<string[] | null> {
      drop();
      if (!send) return Promise.resolve(null);
      const asked = ++seq;
      return new Promise((resolve) => {
        waiting = { seq: asked, resolve };
        send({ type: 'globals', seq: asked });
      });
    },
    /** The preview's answer; one to an older question is ignored. */
    answer(answered: number, names: string[]) {
      if (waiting?.seq !== answered) return;
      waiting.resolve(names);
      waiting = null;
    },
    drop,
  };
}
