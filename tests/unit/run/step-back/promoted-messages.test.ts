import { describe, expect, it } from 'vitest';
import type { RuntimeMessage } from '../../../../src/protocol';
import { promotedMessages } from '../../../../src/run/step-back/promoted-messages';

const rest = (tick: number): RuntimeMessage => ({
  type: 'ticks',
  records: [],
  state: { mode: 'paused', tick, now: tick * 16, nextDue: null },
});
const modes = (messages: RuntimeMessage[]) =>
  messages.map((m) => (m.type === 'ticks' ? [m.state.tick, m.state.mode] : m.type));

describe('promotedMessages', () => {
  it('passes on only the last rest of a checkpoint moved on while parked as paused', () => {
    // Parked at 1088, then moved on to 1105: a step back to 1105 lands there, not at 1088.
    const buffer = [{ type: 'evaluated' } as const, rest(1088), rest(1105)];
    expect(modes(promotedMessages(buffer, true))).toEqual([
      'evaluated',
      [1088, 'replaying'],
      [1105, 'paused'],
    ]);
  });

  it('passes on no rest as paused while a move is still in flight', () => {
    expect(modes(promotedMessages([rest(1088)], false))).toEqual([[1088, 'replaying']]);
    expect(modes(promotedMessages([rest(1105)], true))).toEqual([[1105, 'paused']]);
  });
});
