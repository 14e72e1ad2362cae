import type { RuntimeMessage } from '../../protocol';

/**
 * The messages a parked preview buffered, as passed on when it is promoted. A preview moved
 * on while parked rested at earlier ticks too: only its last rest is where it is now, and
 * none is while a run-until is still in flight (`resting` false). Passed on as paused, an
 * earlier rest would look to the timeline like a step back landing there (checkpoints past
 * it dropped, refilled from tick 0, the console rewound), so those say 'replaying'.
 */
export function promotedMessages(buffer: RuntimeMessage[], resting: boolean): RuntimeMessage[] {
  let last = -1;
  if (resting) buffer.forEach((m, i) => m.type === 'ticks' && (last = i));
  return buffer.map((message, i) =>
    message.type === 'ticks' && i !== last && message.state.mode === 'paused'
      ? { ...message, state: { ...message.state, mode: 'replaying' as const } }
      : message,
  );
}
