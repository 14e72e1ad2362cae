import { messageGate } from '../preview/message-gate';

/**
 * Installs the gate that stops what programs post to the app's window (message-gate.ts). The
 * entry calls it first: at the window, listeners run in the order they were added, and one
 * added before the gate (Monaco's reads every message's data) would hear the program.
 */
export function stopProgramMessages(win: Window): void {
  messageGate(win);
}
