import type { RuntimeMessage } from '../protocol.ts';
import { errorHeadline, errorInfo, isError, thrownValueText } from './error-info.ts';
import { serialize } from './serialize.ts';

type ErrorMessage = Extract<RuntimeMessage, { type: 'error' }>;

/** An error message for any thrown value: Errors keep their frames, other values ride along serialised. */
export function errorMessage(
  kind: ErrorMessage['kind'],
  thrown: unknown,
  where?: { url: string; line: number; column: number },
): ErrorMessage {
  if (isError(thrown)) {
    const info = errorInfo(thrown);
    return { type: 'error', kind, message: errorHeadline(info), frames: info.frames };
  }
  const frames = where && where.url ? [where] : [];
  return {
    type: 'error',
    kind,
    message: thrownValueText(thrown),
    value: serialize(thrown),
    frames,
  };
}

/**
 * Reports uncaught errors and unhandled rejections. Listening in the bubble phase on
 * `window` leaves out resource load errors (img, script), which only fire in capture.
 * The events are not cancelled, so the browser's own console still shows them.
 */
export function installErrorCapture(win: Window, send: (message: RuntimeMessage) => void): void {
  win.addEventListener('error', (event: ErrorEvent) => {
    try {
      const where = { url: event.filename, line: event.lineno, column: event.colno };
      // A muted cross-origin script error carries no error object, only "Script error.".
      if (event.error === null || event.error === undefined) {
        send({
          type: 'error',
          kind: 'uncaught',
          message: event.message || 'Script error.',
          frames: where.url ? [where] : [],
        });
      } else send(errorMessage('uncaught', event.error, where));
    } catch {
      // Never let reporting throw inside the page's error handling.
    }
  });
  win.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    try {
      send(errorMessage('unhandledrejection', event.reason));
    } catch {
      // As above.
    }
  });
}
