import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createConsoleStore } from '../../../src/console/console-store';
import { ConsolePanel } from '../../../src/console/ConsolePanel';
import type { SerializedValue } from '../../../src/protocol';
import { ValueTree } from '../../../src/console/ValueTree';
import { indexRefs } from '../../../src/console/value-preview';

// Server rendering in Node checks structure, accessible names and text-only output without a DOM.
const s = (v: string): SerializedValue => ({ t: 'string', v });
const render = (store: ReturnType<typeof createConsoleStore>) =>
  renderToStaticMarkup(createElement(ConsolePanel, { store, onOpenLocation: () => undefined }));

describe('ConsolePanel (server-rendered)', () => {
  it('renders the log, toolbar names, and hostile strings as text', () => {
    const store = createConsoleStore({ schedule: () => undefined, maxEntries: 3 });
    store.pushRuntime({ type: 'console', level: 'log', args: [s('first')] });
    store.pushRuntime({
      type: 'console',
      level: 'warn',
      args: [
        s('<img src=x onerror=alert(1)>'),
        { t: 'dom', id: 1, tag: 'b', desc: '<b onclick=x>' },
      ],
    });
    store.pushRuntime({
      type: 'error',
      kind: 'uncaught',
      message: 'Uncaught Error: boom',
      frames: [{ fn: 'go', url: 'https://esm.sh/x.js', line: 1, column: 9 }],
    });
    store.push({
      kind: 'diagnostic',
      diagnostic: { severity: 'error', file: 'src/a.ts', line: 3, column: 7, text: 'Expected ";"' },
    });
    store.flush();
    const html = render(store);
    expect(html).toMatch(/role="log"[^>]*aria-label="Console"|aria-label="Console"[^>]*role="log"/);
    expect(html).toContain('aria-label="Clear console"');
    expect(html).toContain('1 earlier message was dropped');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b onclick');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('src/a.ts:3:7');
    expect(html).toContain('at go ');
    for (const name of ['All', 'Errors', 'Warnings', 'Info', 'Logs', 'Debug'])
      expect(html).toContain(`>${name}<`);
  });

  it('renders console.table as an HTML table and objects as a tree', () => {
    const store = createConsoleStore({ schedule: () => undefined });
    const row = (id: number, a: number): SerializedValue => ({
      t: 'object',
      id,
      cls: null,
      entries: [['a', { t: 'number', v: a }]],
    });
    store.pushRuntime({
      type: 'console',
      level: 'table',
      args: [{ t: 'array', id: 1, length: 2, items: [row(2, 10), row(3, 20)] }],
    });
    store.pushRuntime({ type: 'console', level: 'log', args: [s('obj'), row(4, 1)] });
    store.flush();
    const html = render(store);
    expect(html).toContain('<table');
    expect(html).toMatch(/<th scope="col">a<\/th>/);
    expect(html).toContain('<td>20</td>');
    // Collapsed objects are a disclosure button; the tree mounts when opened.
    expect(html).toMatch(/aria-expanded="false"[^>]*>.*\{.*a.*1.*\}/);
  });

  it('renders the contents tree of a cyclic value without looping', () => {
    const cyclic: SerializedValue = {
      t: 'object',
      id: 1,
      cls: 'Node',
      entries: [
        ['name', s('root')],
        ['self', { t: 'ref', id: 1 }],
        ['kids', { t: 'array', id: 2, length: 1, items: [{ t: 'ref', id: 1 }] }],
      ],
    };
    const html = renderToStaticMarkup(
      createElement(ValueTree, { value: cyclic, refs: indexRefs([cyclic]) }),
    );
    expect(html).toContain('role="treegrid"');
    expect(html).toContain(
      'aria-label="Contents of Node {name: &#x27;root&#x27;, self: [Circular], kids: Array(1)}"',
    );
    expect(html.match(/role="row"/g)).toHaveLength(3);
    expect(html).toContain('[Circular]');
  });

  it('renders a window of rows, not all 2,000 entries', () => {
    const store = createConsoleStore({ schedule: () => undefined });
    for (let i = 0; i < 2000; i++) {
      store.pushRuntime({
        type: 'console',
        level: i % 10 === 0 ? 'warn' : 'log',
        args: [
          s(`line ${i}`),
          { t: 'object', id: i, cls: null, entries: [['i', { t: 'number', v: i }]] },
        ],
      });
    }
    store.flush();
    const html = render(store);
    const rows = html.match(/class="pp-entry /g)?.length ?? 0;
    // A panel's height of rows and the overscan either side: the rest is a spacer.
    expect(rows).toBeGreaterThan(10);
    expect(rows).toBeLessThan(100);
    // A new panel follows the output: its first render already holds the newest rows (the
    // scroll to the end comes after it), not the oldest ones that the scroll would replace.
    expect(html).toContain('line 1999');
    expect(html).not.toContain('line 0<');
  });
});
