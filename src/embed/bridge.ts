import type {
  EmbedCall,
  EmbedEventName,
  EmbedEvents,
  EmbedMessage,
  EmbedMethod,
  EmbedResults,
} from '../protocol/embed';
import { checkRequest } from '../protocol/embed-schema';

/** Each API method, given its checked call. */
export type EmbedApi = {
  [M in EmbedMethod]: (
    call: Extract<EmbedCall, { method: M }>,
  ) => Promise<EmbedResults[M]> | EmbedResults[M];
};

/** The part of a MessagePort the bridge uses. */
export type BridgePort = Pick<MessagePort, 'postMessage' | 'close' | 'start'> & {
  onmessage: ((event: MessageEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
};

export interface Bridge {
  /** Tells the host an event. */
  emit<N extends EmbedEventName>(name: N, data: EmbedEvents[N]): void;
  close(): void;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'The call failed.';

/**
 * Answers the host's calls on `port`: each message is checked (protocol/embed-schema.ts) before
 * `api` sees it; a bad one is answered with why (by its id when it has one), and nothing else
 * happens. A method's error is the reply's error, a sentence for the host's developer.
 */
export function serveHost(port: BridgePort, api: EmbedApi): Bridge {
  let open = true;
  const post = (message: EmbedMessage) => {
    if (open) port.postMessage(message);
  };
  port.onmessage = (event) => {
    const { id, call } = checkRequest(event.data);
    if (!call.ok) {
      post(
        id === null
          ? { type: 'refused', error: call.error }
          : { type: 'reply', id, ok: false, error: call.error },
      );
      return;
    }
    const method = api[call.value.method] as (c: EmbedCall) => unknown;
    Promise.resolve()
      .then(() => method(call.value))
      .then(
        (value) => post({ type: 'reply', id: id!, ok: true, value: (value ?? null) as never }),
        (error: unknown) => post({ type: 'reply', id: id!, ok: false, error: messageOf(error) }),
      );
  };
  port.onmessageerror = () =>
    post({
      type: 'refused',
      error: 'A message could not be read (it held something that cannot be copied).',
    });
  port.start();
  return {
    emit: (name, data) => post({ type: 'event', name, data } as EmbedMessage),
    close() {
      open = false;
      port.onmessage = null;
      port.close();
    },
  };
}
