import type { FrameLocator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

// The programs of replay-corpus.bench.ts: each sets `document.body.dataset.program` to its
// name when it starts (the bench waits for it), and uses one of the things a replay has to
// reproduce. `inputs` (by move number, 1–10) are done while the run plays, as a user would.

/** One program of the corpus. */
export interface CorpusProgram {
  /** Name in the table and the value of `body[data-program]`. */
  name: string;
  /** The entry's text (src/main.ts, or src/main.tsx with `tsx`). */
  code: string;
  /** The entry is a .tsx file (React). */
  tsx?: boolean;
  /** Other files of the program by path (components the entry mounts). */
  files?: Record<string, string>;
  /** Ticks the run reaches before the first pause. */
  firstTicks?: number;
  /**
   * User inputs at these moves of the live phase (between Play and Pause): in the preview, or
   * on the page (a colour scheme switch, a window resize); `n` counts them from 1.
   */
  inputs?: Record<number, (preview: FrameLocator, n: number, page: Page) => Promise<void>>;
}

const mark = (name: string) => `document.body.dataset.program = '${name}';\n`;

/**
 * Author styles for the programs' buttons and fields. With the browser's own look a button
 * shows the real pointer's :hover and a field its focus ring and caret: state of the pointer
 * and focus, which the live frame keeps after an input (even once the pointer left) and a
 * replay frame never has. That is the environment's, not the program's (environment.ts).
 */
const plainControls = `const controls = document.createElement('style');
controls.textContent = 'button, input { font: 16px sans-serif; color: black; background: #eee; border: 1px solid #555; padding: 4px 8px; outline: none; caret-color: transparent; }';
document.head.append(controls);
`;

const clickButton =
  (name: RegExp, shows: (n: number) => string) => async (preview: FrameLocator, n: number) => {
    const button = preview.getByRole('button', { name });
    await button.click();
    await expect(button).toHaveText(shows(n));
  };

export const CORPUS: CorpusProgram[] = [
  {
    name: 'timeouts',
    code: `${mark('timeouts')}let n = 0;
const step = () => { n++; document.body.append(' t' + n); if (n % 3 === 0) console.log('timeout', n); setTimeout(step, 30 + (n % 4) * 20); };
setTimeout(step, 10);`,
  },
  {
    name: 'intervals',
    code: `${mark('intervals')}let a = 0, b = 0;
const p = document.createElement('p'); document.body.append(p);
setInterval(() => { a++; p.textContent = a + ' / ' + b; }, 40);
setInterval(() => { b++; console.log('slow', b); }, 110);`,
  },
  {
    name: 'raf canvas',
    code: `${mark('raf canvas')}const c = document.createElement('canvas'); c.width = 240; c.height = 120; document.body.append(c);
const ctx = c.getContext('2d')!;
let f = 0;
const draw = (t: number) => { f++; ctx.fillStyle = 'rgb(0 0 0 / 0.2)'; ctx.fillRect(0, 0, 240, 120);
  ctx.fillStyle = 'orange'; ctx.beginPath(); ctx.arc(120 + 100 * Math.sin(t / 300), 60, 12, 0, 7); ctx.fill();
  requestAnimationFrame(draw); };
requestAnimationFrame(draw);`,
  },
  {
    name: 'random/Date/crypto',
    code: `${mark('random/Date/crypto')}let n = 0;
setInterval(() => { n++; const line = [n, Math.random().toFixed(6), new Date().toISOString(), crypto.randomUUID().slice(0, 8), crypto.getRandomValues(new Uint8Array(2)).join('.')].join(' ');
  document.body.dataset.line = line; document.body.lastChild?.remove(); document.body.append(line); console.log(line); }, 50);`,
  },
  {
    name: 'promises',
    code: `${mark('promises')}let n = 0;
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
(async () => { for (;;) { await wait(45); n++; await Promise.resolve(); queueMicrotask(() => { document.body.textContent = 'awaited ' + n; }); if (n % 2) console.log('await', n); } })();`,
  },
  {
    name: 'MessageChannel',
    code: `${mark('MessageChannel')}const ch = new MessageChannel(); let n = 0;
ch.port1.onmessage = (e) => { n++; document.body.textContent = 'message ' + n + ' ' + e.data; if (n % 40 === 0) console.log('messages', n); ch.port2.postMessage(n); };
ch.port2.postMessage('first');`,
  },
  {
    name: 'DOM click counter',
    firstTicks: 2,
    code: `${mark('DOM click counter')}${plainControls}const b = document.createElement('button'); let n = 0; b.textContent = 'Clicked 0';
b.addEventListener('click', () => { n++; b.textContent = 'Clicked ' + n; console.log('click', n, Math.random().toFixed(4)); });
document.body.append(b); setInterval(() => {}, 60);`,
    inputs: {
      2: clickButton(/Clicked/, (n) => `Clicked ${n}`),
      5: clickButton(/Clicked/, (n) => `Clicked ${n}`),
      8: clickButton(/Clicked/, (n) => `Clicked ${n}`),
    },
  },
  {
    name: 'React counter',
    tsx: true,
    code: `import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
${mark('React counter')}${plainControls}function App() {
  const [count, setCount] = useState(0);
  const [ticks, setTicks] = useState(0);
  useEffect(() => { const id = setInterval(() => setTicks((t) => t + 1), 70); return () => clearInterval(id); }, []);
  useEffect(() => console.log('count', count), [count]);
  return <main><button onClick={() => setCount((c) => c + 1)}>count is {count}</button><p>{ticks} ticks</p></main>;
}
const root = document.createElement('div'); document.body.append(root);
createRoot(root).render(<App />);`,
    inputs: {
      2: clickButton(/count is/, (n) => `count is ${n}`),
      5: clickButton(/count is/, (n) => `count is ${n}`),
      8: clickButton(/count is/, (n) => `count is ${n}`),
    },
  },
  {
    // A handler that awaits: setState in the click's microtasks, where React reads window.event
    // for the update's priority (lingering-event.ts).
    name: 'React awaiting click',
    // Nothing but React's first render runs before the first click.
    firstTicks: 1,
    tsx: true,
    code: `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
${mark('React awaiting click')}${plainControls}async function doubled(n: number) { return n * 2; }
function App() {
  const [count, setCount] = useState(1);
  return <main><button onClick={() => void doubled(count).then(setCount)}>count is {count}</button></main>;
}
const root = document.createElement('div'); document.body.append(root);
createRoot(root).render(<App />);
// A slow heartbeat: the benches' moves step forward, and a program with nothing due has no step.
setInterval(() => {}, 250);`,
    inputs: {
      2: clickButton(/count is/, (n) => `count is ${2 ** n}`),
      5: clickButton(/count is/, (n) => `count is ${2 ** n}`),
      8: clickButton(/count is/, (n) => `count is ${2 ** n}`),
    },
  },
  {
    // Vue's scheduler (microtasks) and <Transition> (classes over two frames, CSS transitions,
    // a timeout for the end) inside the virtual clock.
    name: 'Vue counter + Transition',
    firstTicks: 2,
    code: `import { createApp } from 'vue';
import App from './App.vue';
${mark('Vue counter + Transition')}${plainControls}const root = document.createElement('div'); document.body.append(root);
createApp(App).mount(root);`,
    files: {
      'src/App.vue': `<script setup lang="ts">
import { onMounted, ref, watch } from 'vue';
const count = ref(0);
const shown = ref(true);
const ticks = ref(0);
onMounted(() => setInterval(() => { ticks.value++; if (ticks.value % 6 === 0) shown.value = !shown.value; }, 90));
watch(count, (c) => console.log('count', c, Math.random().toFixed(4)));
</script>

<template>
  <button @click="count++">count is {{ count }}</button>
  <p>{{ ticks }} ticks</p>
  <Transition name="slide" @after-leave="() => console.log('left at', ticks)">
    <div v-if="shown" class="box">{{ ticks }}</div>
  </Transition>
</template>

<style scoped>
.box { width: 60px; height: 30px; background: seagreen; color: white; }
.slide-enter-active, .slide-leave-active { transition: transform 300ms linear, opacity 300ms; }
.slide-enter-from, .slide-leave-to { transform: translateX(120px); opacity: 0.2; }
</style>
`,
    },
    inputs: {
      2: clickButton(/count is/, (n) => `count is ${n}`),
      5: clickButton(/count is/, (n) => `count is ${n}`),
      8: clickButton(/count is/, (n) => `count is ${n}`),
    },
  },
  {
    // Svelte's effects (microtasks) and svelte/transition (Web Animations whose `finish`
    // starts the next one and removes the element: runtime/clock/animation-finish.ts).
    name: 'Svelte runes + transition',
    firstTicks: 2,
    code: `import { mount } from 'svelte';
import App from './App.svelte';
${mark('Svelte runes + transition')}${plainControls}mount(App, { target: document.body });`,
    files: {
      'src/App.svelte': `<script lang="ts">
  import { fade, fly } from 'svelte/transition';
  let count = $state(0);
  let ticks = $state(0);
  let shown = $derived(Math.floor(ticks / 6) % 2 === 0);
  $effect(() => {
    const id = setInterval(() => ticks++, 90);
    return () => clearInterval(id);
  });
  $effect(() => console.log('count', count, Math.random().toFixed(4)));
</script>

<button onclick={() => count++}>count is {count}</button>
<p>{ticks} ticks</p>
{#if shown}
  <div class="box" in:fly={{ x: 120, duration: 300 }} out:fade={{ duration: 300 }} onoutroend={() => console.log('left at', ticks)}>{ticks}</div>
{/if}

<style>
  .box { width: 60px; height: 30px; background: tomato; color: white; }
</style>
`,
    },
    inputs: {
      2: clickButton(/count is/, (n) => `count is ${n}`),
      5: clickButton(/count is/, (n) => `count is ${n}`),
      8: clickButton(/count is/, (n) => `count is ${n}`),
    },
  },
  {
    name: 'typing into an input',
    firstTicks: 2,
    code: `${mark('typing into an input')}${plainControls}const input = document.createElement('input'); input.setAttribute('aria-label', 'Name');
const out = document.createElement('p'); document.body.append(input, out);
input.addEventListener('input', () => { out.textContent = input.value.toUpperCase() + ' (' + input.value.length + ')'; console.log('typed', input.value); });
setInterval(() => {}, 60);`,
    inputs: {
      3: async (preview) => {
        await preview.getByRole('textbox', { name: 'Name' }).pressSequentially('ada');
        await expect(preview.getByRole('textbox', { name: 'Name' })).toHaveValue('ada');
      },
      6: async (preview) => {
        // A click into the field, then End: the caret where a user's next words go.
        await preview.getByRole('textbox', { name: 'Name' }).click();
        await preview.getByRole('textbox', { name: 'Name' }).press('End');
        await preview.getByRole('textbox', { name: 'Name' }).pressSequentially(' lovelace');
        await expect(preview.getByRole('textbox', { name: 'Name' })).toHaveValue('ada lovelace');
      },
    },
  },
  {
    name: 'CSS transition',
    code: `${mark('CSS transition')}const s = document.createElement('style');
s.textContent = 'body{margin:0} #box{width:40px;height:40px;background:teal;transition:transform 700ms linear, background 500ms} #box.far{transform:translateX(220px);background:gold}';
document.head.append(s); document.body.insertAdjacentHTML('beforeend', '<div id="box"></div>');
setInterval(() => document.getElementById('box')!.classList.toggle('far'), 250);
let n = 0; setInterval(() => n++, 90);`,
  },
  {
    name: '@keyframes',
    code: `${mark('@keyframes')}const s = document.createElement('style');
s.textContent = '#a{width:60px;height:20px;margin:30px;background:crimson;animation:spin 900ms linear infinite} #b{width:30px;height:30px;background:navy;animation:slide 1.3s ease-in-out infinite alternate} @keyframes spin{to{transform:rotate(360deg)}} @keyframes slide{to{transform:translateX(200px)}}';
document.head.append(s); document.body.insertAdjacentHTML('beforeend', '<div id="a"></div><div id="b"></div>');
let n = 0; setInterval(() => n++, 70);`,
  },
  {
    name: 'element.animate',
    code: `${mark('element.animate')}const el = document.createElement('div'); el.style.cssText = 'width:40px;height:40px;background:purple';
document.body.append(el); let n = 0;
setInterval(() => { n++; const a = el.animate([{ transform: 'translate(0,0)' }, { transform: 'translate(' + (60 * (n % 4)) + 'px, 30px) scale(1.5)' }], { duration: 400, fill: 'forwards', easing: 'ease-out' });
  a.onfinish = () => console.log('finished', n); }, 300);
setInterval(() => {}, 60);`,
  },
  {
    name: 'viewport canvas',
    code: `${mark('viewport canvas')}document.body.style.margin = '0';
const c = document.createElement('canvas'); c.style.display = 'block'; document.body.append(c);
const ctx = c.getContext('2d')!; let t = 0;
const draw = () => { t++; c.width = innerWidth; c.height = innerHeight; ctx.fillStyle = 'navy';
  ctx.fillRect((t * 9) % innerWidth, innerHeight / 2 - 20, 40, 40); ctx.fillText(innerWidth + 'x' + innerHeight + ' ' + t, 10, 20); requestAnimationFrame(draw); };
requestAnimationFrame(draw);`,
  },
  {
    name: 'layout reads',
    code: `${mark('layout reads')}const box = document.createElement('div'); box.style.cssText = 'width:50%;padding:4px;background:#cde;word-break:break-all';
const out = document.createElement('p'); document.body.append(box, out); let n = 0;
setInterval(() => { n++; box.textContent = 'x'.repeat(n * 7); const r = box.getBoundingClientRect();
  out.textContent = r.width.toFixed(1) + ' x ' + r.height.toFixed(1) + ' @ ' + document.documentElement.clientWidth; if (n % 3 === 0) console.log('rect', r.height); }, 50);`,
  },
  {
    name: 'requestIdleCallback',
    code: `${mark('requestIdleCallback')}let n = 0;
const idle = (d: IdleDeadline) => { n++; document.body.textContent = 'idle ' + n + ' ' + d.didTimeout; if (n % 5 === 0) console.log('idle', n); requestIdleCallback(idle, { timeout: 200 }); };
requestIdleCallback(idle); setInterval(() => {}, 50);`,
  },
  {
    name: 'matchMedia',
    code: `${mark('matchMedia')}const queries = ['(min-width: 400px)', '(prefers-color-scheme: dark)', '(orientation: landscape)', '(prefers-reduced-motion: reduce)'];
let n = 0;
setInterval(() => { n++; document.body.textContent = n + ' ' + queries.map((q) => q + '=' + matchMedia(q).matches).join(' '); if (n % 4 === 0) console.log(document.body.textContent); }, 60);`,
  },
  {
    name: 'performance.now motion',
    code: `${mark('performance.now motion')}const dot = document.createElement('div'); dot.style.cssText = 'position:absolute;width:16px;height:16px;border-radius:8px;background:green';
document.body.append(dot);
const frame = () => { const t = performance.now(); dot.style.left = (150 + 120 * Math.cos(t / 400)).toFixed(1) + 'px'; dot.style.top = (80 + 60 * Math.sin(t / 400)).toFixed(1) + 'px'; requestAnimationFrame(frame); };
requestAnimationFrame(frame);`,
  },
  {
    name: 'transition on click',
    firstTicks: 2,
    code: `${mark('transition on click')}const s = document.createElement('style');
s.textContent = 'body{margin:0;padding:20px} #b{padding:10px;border:0;color:white;background:teal;transition:transform 900ms linear} #b.far{transform:translateX(160px)}';
document.head.append(s);
const b = document.createElement('button'); b.id = 'b'; b.textContent = 'Move';
b.addEventListener('click', () => { b.classList.toggle('far'); console.log('moved', b.className); });
document.body.append(b); setInterval(() => {}, 50);`,
    inputs: {
      2: async (preview) => {
        await preview.getByRole('button', { name: 'Move' }).click();
        await expect(preview.getByRole('button', { name: 'Move' })).toHaveClass('far');
      },
      6: async (preview) => {
        await preview.getByRole('button', { name: 'Move' }).click();
        await expect(preview.getByRole('button', { name: 'Move' })).not.toHaveClass('far');
      },
    },
  },
  {
    name: 'document.timeline',
    code: `${mark('document.timeline')}const p = document.createElement('p'); document.body.append(p);
const el = document.createElement('div'); el.style.cssText = 'width:30px;height:30px;background:tomato'; document.body.append(el);
const anim = el.animate([{ opacity: 1 }, { opacity: 0.1 }], { duration: 800, iterations: Infinity, direction: 'alternate' });
setInterval(() => { p.textContent = 'timeline ' + Math.round(document.timeline.currentTime as number) + ' anim ' + Math.round(anim.currentTime as number); }, 45);`,
  },
  {
    name: 'staggered keyframes',
    code: `${mark('staggered keyframes')}const s = document.createElement('style');
s.textContent = '.d{display:inline-block;width:14px;height:14px;margin:3px;background:#39f;animation:bob 600ms ease-in-out infinite alternate} @keyframes bob{to{transform:translateY(30px);background:#f93}}';
document.head.append(s); let n = 0;
const add = () => { const d = document.createElement('span'); d.className = 'd'; d.style.animationDelay = (n * 70) + 'ms'; document.body.append(d); n++; if (n < 12) setTimeout(add, 80); };
add(); setInterval(() => {}, 60);`,
  },
  {
    // The system switches to dark mode mid-run: JS reads and a change listener. (No
    // colour-scheme @media rule: a replay's CSS follows the browser as it is now, which the
    // console's note says; its JavaScript gets the scheme the run had at each tick.)
    name: 'colour scheme switch',
    code: `${mark('colour scheme switch')}const dark = matchMedia('(prefers-color-scheme: dark)'); const p = document.createElement('p'); document.body.append(p);
dark.addEventListener('change', (e) => console.log('scheme', e.matches ? 'dark' : 'light', 'at', n));
let n = 0; setInterval(() => { n++; p.textContent = n + ' ' + (dark.matches ? 'dark' : 'light'); p.style.color = dark.matches ? 'navy' : 'black'; }, 60);`,
    inputs: {
      4: async (preview, _n, page) => {
        await page.emulateMedia({ colorScheme: 'dark' });
        await expect(preview.locator('p')).toContainText('dark');
      },
    },
  },
];
