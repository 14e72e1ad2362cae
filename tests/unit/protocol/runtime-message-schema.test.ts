import { describe, expect, it } from 'vitest';
import { parseRuntimeMessage } from '../../../src/protocol/runtime-message-schema';

describe('parseRuntimeMessage', () => {
  it('accepts well-formed messages of every kind', () => {
    const messages = [
      { type: 'ready' },
      { type: 'evaluated' },
      { type: 'pong', seq: 3 },
      { type: 'tick-started', tick: 12 },
      { type: 'focus-taken' },
      {
        type: 'console',
        level: 'log',
        args: [
          { t: 'string', v: 'hi' },
          {
            t: 'object',
            id: 1,
            cls: 'Foo',
            entries: [
              ['self', { t: 'ref', id: 1 }],
              ['n', { t: 'number', v: 'NaN' }],
            ],
          },
          { t: 'array', id: 2, length: 5, items: [{ t: 'hole', count: 5 }] },
        ],
      },
      { type: 'console-batch', entries: [{ level: 'warn', args: [{ t: 'bigint', v: '10' }] }] },
      {
        type: 'error',
        kind: 'uncaught',
        message: 'boom',
        frames: [{ fn: 'f', url: 'playpen:///src/main.ts', line: 3, column: 9 }],
      },
    ];
    for (const message of messages) expect(parseRuntimeMessage(message)).toEqual(message);
  });

  it('drops forged or malformed messages instead of trusting them', () => {
    const bad = [
      null,
      'ready',
      { type: 'navigate', url: 'https://evil.test' },
      { type: 'console', level: 'log', args: [{ t: 'html', v: '<img src=x onerror=alert(1)>' }] },
      { type: 'console', level: 'shout', args: [] },
      { type: 'error', kind: 'uncaught', message: 42, frames: [] },
      { type: 'pong', seq: '1' },
      { type: 'tick-started', tick: -1 },
      { type: 'tick-started', tick: 1.5 },
    ];
    for (const message of bad) expect(parseRuntimeMessage(message)).toBeNull();
  });

  it('survives values nested deeper than the stack allows', () => {
    let value: unknown = { t: 'null' };
    for (let i = 0; i < 100_000; i++) value = { t: 'array', id: i, length: 1, items: [value] };
    expect(parseRuntimeMessage({ type: 'console', level: 'log', args: [value] })).toBeNull();
  });
});
