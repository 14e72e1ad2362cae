import type { RuntimeMessage } from '../protocol/index.ts';
import { errorHeadline, errorInfo, isError, thrownValueText } from './error-info.ts';
import { serialize } from './serialize.ts';

type ErrorMessage = Extract<RuntimeMessage, { type: 'error' }>;

/**
 * Longest error message sent. The host drops any string over 1,000,000 characters (and a whole
 * message with it), and nobody reads further than this anyway.
 */
export const MAX_ERROR_MESSAGE = 10_000;
/** Most frames sent per error (as many as the host accepts); the innermost come first. */
const MAX_FRAMES = 200;

/** "1048576" → "1,048,576", without Number#toLocaleString, which the program may replace. */
function grouped(n: number): string {
  let out = '';
  let rest = n;
  while (rest >= 1000) {
    const k = rest % 1000;
    out = `,${k < 10 ? '00' : k < 100 ? '0' : ''}${k}${out}`;
    rest = Math.floor(rest / 1000);
  }
  return `${rest}${out}`;
}

/** `message` cut to `max` characters, saying how long it was: "xxx… (1,048,576 characters)". */
export function capMessage(message: string, max = MAX_ERROR_MESSAGE): string {
  if (message.length <= max) return message;
  // Do not cut a surrogate pair in half.
  const code = message.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${message.slice(0, end)}… (${grouped(message.length)} characters)`;
}

/** An error message for any thrown value: Errors keep their frames, other values ride along serialised. */
export function errorMessage(
  kind: ErrorMessage['kind'],
  thrown: unknown,
  where?: { url: string; line: number; column: number },
): ErrorMessage {
  if (isError(thrown)) {
    const info = errorInfo(thrown);
    const frames = info.frames.length > MAX_FRAMES ? info.frames.slice(0, MAX_FRAMES) : info.frames;
    return { type: 'error', kind, message: capMessage(errorHeadline(info)), frames };
  }
  // A thrown non-Error has no stack: where the browser saw it thrown is its only location.
  const frames = where && where.url ? [where] : [];
  return {
    type: 'error',
    kind,
    message: capMessage(thrownValueText(thrown)),
    value: serialize(thrown),
    frames,
  };
}

/** How many uncaught errors the browser's own console still reports, and what it says after. */
export interface ErrorForwarding {
  /**
   * Errors left to the browser's console (devtools keep showing them); later ones are
   * cancelled. Each one it reports costs the preview an IPC to the browser (and, with devtools
   * or Playwright attached, a stack trace sent to them): 20,000 rejections made the next run
   * wait about a second. The program's own listeners then see `defaultPrevented` on them.
   */
  limit: number;
  /** Said once in the browser's console when the limit is passed (the real console.info). */
  note: (text: string) => void;
}

/**
 * Reports uncaught errors and unhandled rejections. Listening in the bubble phase on
 * `window` leaves out resource load errors (img, script), which only fire in capture.
 * The first `forwarding.limit` events are not cancelled, so the browser's own console still
 * shows them; later ones show only in Playpen's console. Each report
 * is a function that makes the message: the caps (console-limit.ts) make only the ones they
 * send, so a flood of rejections costs a count, not a stack walk, each.
 */
export function installErrorCapture(
  win: Window,
  report: (message: () => RuntimeMessage) => void,
  forwarding?: ErrorForwarding,
): void {
  let seen = 0;
  const forwardOrCancel = (event: Event) => {
    if (!forwarding || ++seen <= forwarding.limit) return;
    event.preventDefault();
    if (seen === forwarding.limit + 1)
      forwarding.note(
        `Playpen: over ${forwarding.limit} uncaught errors; the rest show only in Playpen's console.`,
      );
  };
  win.addEventListener('error', (event: ErrorEvent) => {
    const where = { url: event.filename, line: event.lineno, column: event.colno };
    const error: unknown = event.error;
    const text = event.message;
    // A muted cross-origin script error carries no error object, only "Script error.";
    // `throw null` or `throw undefined` has none either, but a message and a location.
    const muted =
      (error === null || error === undefined) &&
      (text === 'Script error.' || text === '' || !where.url);
    report(() =>
      muted
        ? {
            type: 'error',
            kind: 'uncaught',
            message: capMessage(text || 'Script error.'),
            frames: where.url ? [where] : [],
          }
        : errorMessage('uncaught', error, where),
    );
    forwardOrCancel(event);
  });
  win.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    report(() => errorMessage('unhandledrejection', reason));
    forwardOrCancel(event);
  });
}
