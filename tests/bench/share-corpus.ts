/**
 * Realistic projects for the share-link bench, written independently of the codec's preset
 * dictionary (so the figures are not tuned to it): a React todo app, a canvas game and a set
 * of utility modules.
 */
import type { Project } from '../../src/protocol';

const text = (name: string, entry: string, sources: Record<string, string>): Project => ({
  name,
  entry,
  files: Object.fromEntries(
    Object.entries(sources).map(([path, t]) => [path, { kind: 'text' as const, text: t }]),
  ),
});

const html = (title: string, entry: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/${entry}"></script>
  </body>
</html>
`;

export const todoApp = text('Todo app', 'src/main.tsx', {
  'index.html': html('Todos', 'src/main.tsx'),
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  'src/types.ts': `export interface Todo {
  id: string;
  title: string;
  done: boolean;
  createdAt: number;
}

export type Filter = 'all' | 'active' | 'completed';
`,
  'src/useTodos.ts': `import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Filter, Todo } from './types';

const STORAGE_KEY = 'todos-v1';

function load(): Todo[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Todo[]) : [];
  } catch {
    return [];
  }
}

export function useTodos() {
  const [todos, setTodos] = useState<Todo[]>(load);
  const [filter, setFilter] = useState<Filter>('all');

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(todos));
  }, [todos]);

  const add = useCallback((title: string) => {
    const trimmed = title.trim();
    if (!trimmed) return;
    setTodos((prev) => [
      ...prev,
      { id: crypto.randomUUID(), title: trimmed, done: false, createdAt: Date.now() },
    ]);
  }, []);

  const toggle = useCallback((id: string) => {
    setTodos((prev) => prev.map((t) => (t.id === id ? { ...t, done: !t.done } : t)));
  }, []);

  const remove = useCallback((id: string) => {
    setTodos((prev) => prev.filter((t) => t.id !== id));
  }, []);

  const clearCompleted = useCallback(() => {
    setTodos((prev) => prev.filter((t) => !t.done));
  }, []);

  const visible = useMemo(
    () =>
      todos.filter((t) => (filter === 'all' ? true : filter === 'active' ? !t.done : t.done)),
    [todos, filter],
  );
  const remaining = todos.filter((t) => !t.done).length;

  return { todos, visible, filter, setFilter, add, toggle, remove, clearCompleted, remaining };
}
`,
  'src/App.tsx': `import { useState, type FormEvent } from 'react';
import { TodoItem } from './TodoItem';
import { useTodos } from './useTodos';
import type { Filter } from './types';

const FILTERS: Filter[] = ['all', 'active', 'completed'];

export function App() {
  const { visible, filter, setFilter, add, toggle, remove, clearCompleted, remaining } =
    useTodos();
  const [draft, setDraft] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add(draft);
    setDraft('');
  };

  return (
    <main className="app">
      <h1>Todos</h1>
      <form onSubmit={onSubmit}>
        <input
          aria-label="New todo"
          placeholder="What needs doing?"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit">Add</button>
      </form>
      <ul className="todo-list">
        {visible.map((todo) => (
          <TodoItem key={todo.id} todo={todo} onToggle={toggle} onRemove={remove} />
        ))}
      </ul>
      <footer>
        <span>
          {remaining} {remaining === 1 ? 'item' : 'items'} left
        </span>
        <div className="filters">
          {FILTERS.map((f) => (
            <button
              key={f}
              className={f === filter ? 'selected' : undefined}
              onClick={() => setFilter(f)}
            >
              {f}
            </button>
          ))}
        </div>
        <button onClick={clearCompleted}>Clear completed</button>
      </footer>
    </main>
  );
}
`,
  'src/TodoItem.tsx': `import type { Todo } from './types';

interface Props {
  todo: Todo;
  onToggle(id: string): void;
  onRemove(id: string): void;
}

export function TodoItem({ todo, onToggle, onRemove }: Props) {
  return (
    <li className={todo.done ? 'done' : undefined}>
      <label>
        <input type="checkbox" checked={todo.done} onChange={() => onToggle(todo.id)} />
        {todo.title}
      </label>
      <button aria-label={\`Delete \${todo.title}\`} onClick={() => onRemove(todo.id)}>
        ×
      </button>
    </li>
  );
}
`,
  'src/styles.css': `body {
  font-family: system-ui, sans-serif;
  background: #f4f4f5;
  margin: 0;
}

.app {
  max-width: 480px;
  margin: 40px auto;
  padding: 24px;
  background: white;
  border-radius: 12px;
  box-shadow: 0 2px 12px rgba(0, 0, 0, 0.08);
}

form {
  display: flex;
  gap: 8px;
}

input[type='text'],
form input {
  flex: 1;
  padding: 8px 12px;
  border: 1px solid #d4d4d8;
  border-radius: 6px;
}

.todo-list {
  list-style: none;
  padding: 0;
}

.todo-list li {
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 8px 0;
  border-bottom: 1px solid #e4e4e7;
}

.todo-list li.done label {
  text-decoration: line-through;
  color: #a1a1aa;
}

footer {
  display: flex;
  justify-content: space-between;
  align-items: center;
  font-size: 14px;
}

.filters button.selected {
  font-weight: bold;
}
`,
});

export const canvasGame = text('Canvas game', 'src/main.ts', {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Asteroid dodge</title>
    <link rel="stylesheet" href="/src/game.css" />
  </head>
  <body>
    <canvas id="game" width="640" height="480"></canvas>
    <p id="score">Score: 0</p>
    <script type="module" src="/src/main.ts"></script>
  </body>
</html>
`,
  'src/game.css': `body {
  margin: 0;
  display: grid;
  place-items: center;
  min-height: 100vh;
  background: #0b1020;
  color: #e2e8f0;
  font-family: ui-monospace, monospace;
}

canvas {
  border: 2px solid #334155;
  border-radius: 8px;
}
`,
  'src/vector.ts': `export interface Vec {
  x: number;
  y: number;
}

export const add = (a: Vec, b: Vec): Vec => ({ x: a.x + b.x, y: a.y + b.y });
export const scale = (a: Vec, k: number): Vec => ({ x: a.x * k, y: a.y * k });
export const length = (a: Vec): number => Math.hypot(a.x, a.y);
export const distance = (a: Vec, b: Vec): number => Math.hypot(a.x - b.x, a.y - b.y);
`,
  'src/entities.ts': `import { add, scale, type Vec } from './vector';

export interface Ship {
  pos: Vec;
  vel: Vec;
  radius: number;
}

export interface Rock {
  pos: Vec;
  vel: Vec;
  radius: number;
  spin: number;
  angle: number;
}

export function spawnRock(width: number, height: number): Rock {
  const radius = 10 + Math.random() * 25;
  return {
    pos: { x: Math.random() * width, y: -radius },
    vel: { x: (Math.random() - 0.5) * 60, y: 60 + Math.random() * 120 },
    radius,
    spin: (Math.random() - 0.5) * 2,
    angle: 0,
  };
}

export function step<T extends { pos: Vec; vel: Vec }>(body: T, dt: number): T {
  return { ...body, pos: add(body.pos, scale(body.vel, dt)) };
}
`,
  'src/input.ts': `const keys = new Set<string>();

window.addEventListener('keydown', (event) => keys.add(event.key));
window.addEventListener('keyup', (event) => keys.delete(event.key));

export function axis(): { x: number; y: number } {
  const x = (keys.has('ArrowRight') ? 1 : 0) - (keys.has('ArrowLeft') ? 1 : 0);
  const y = (keys.has('ArrowDown') ? 1 : 0) - (keys.has('ArrowUp') ? 1 : 0);
  return { x, y };
}
`,
  'src/main.ts': `import { axis } from './input';
import { spawnRock, step, type Rock, type Ship } from './entities';
import { distance } from './vector';

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const ctx = canvas.getContext('2d')!;
const scoreLabel = document.querySelector<HTMLParagraphElement>('#score')!;

let ship: Ship = { pos: { x: canvas.width / 2, y: canvas.height - 40 }, vel: { x: 0, y: 0 }, radius: 12 };
let rocks: Rock[] = [];
let score = 0;
let gameOver = false;
let last = performance.now();
let spawnTimer = 0;

function update(dt: number) {
  const { x, y } = axis();
  ship = step({ ...ship, vel: { x: x * 220, y: y * 220 } }, dt);
  ship.pos.x = Math.max(ship.radius, Math.min(canvas.width - ship.radius, ship.pos.x));
  ship.pos.y = Math.max(ship.radius, Math.min(canvas.height - ship.radius, ship.pos.y));

  spawnTimer -= dt;
  if (spawnTimer <= 0) {
    rocks.push(spawnRock(canvas.width, canvas.height));
    spawnTimer = Math.max(0.2, 1 - score / 100);
  }
  rocks = rocks
    .map((r) => ({ ...step(r, dt), angle: r.angle + r.spin * dt }))
    .filter((r) => r.pos.y - r.radius < canvas.height);

  for (const rock of rocks) {
    if (distance(rock.pos, ship.pos) < rock.radius + ship.radius) gameOver = true;
  }
  score += dt * 10;
}

function draw() {
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#38bdf8';
  ctx.beginPath();
  ctx.moveTo(ship.pos.x, ship.pos.y - ship.radius);
  ctx.lineTo(ship.pos.x - ship.radius, ship.pos.y + ship.radius);
  ctx.lineTo(ship.pos.x + ship.radius, ship.pos.y + ship.radius);
  ctx.closePath();
  ctx.fill();

  ctx.strokeStyle = '#94a3b8';
  ctx.lineWidth = 2;
  for (const rock of rocks) {
    ctx.save();
    ctx.translate(rock.pos.x, rock.pos.y);
    ctx.rotate(rock.angle);
    ctx.strokeRect(-rock.radius, -rock.radius, rock.radius * 2, rock.radius * 2);
    ctx.restore();
  }
  scoreLabel.textContent = \`Score: \${Math.floor(score)}\${gameOver ? ' — game over (press R)' : ''}\`;
}

function frame(now: number) {
  const dt = Math.min(0.05, (now - last) / 1000);
  last = now;
  if (!gameOver) update(dt);
  draw();
  requestAnimationFrame(frame);
}

window.addEventListener('keydown', (event) => {
  if (event.key === 'r' && gameOver) {
    rocks = [];
    score = 0;
    gameOver = false;
  }
});

requestAnimationFrame(frame);
`,
});

export const utilities = text('Utilities', 'src/index.ts', {
  'src/index.ts': `import { debounce, throttle } from './timing';
import { groupBy, chunk, uniqueBy } from './collections';
import { formatBytes, formatDuration, slugify } from './format';
import { retry } from './async';

const people = [
  { name: 'Ada', team: 'core' },
  { name: 'Grace', team: 'compilers' },
  { name: 'Linus', team: 'core' },
];
console.log(groupBy(people, (p) => p.team));
console.log(chunk([1, 2, 3, 4, 5, 6, 7], 3));
console.log(uniqueBy(people, (p) => p.team).map((p) => p.name));
console.log(formatBytes(123456789), formatDuration(3723000), slugify('Hello, World!'));

const log = debounce((value: string) => console.log('debounced', value), 200);
log('a');
log('ab');
const tick = throttle(() => console.log('throttled'), 1000);
tick();
tick();

let attempts = 0;
retry(async () => {
  attempts += 1;
  if (attempts < 3) throw new Error('flaky');
  return attempts;
}, { retries: 5, delayMs: 10 }).then((n) => console.log('succeeded after', n));
`,
  'src/timing.ts': `export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = -Infinity;
  return (...args: A) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    fn(...args);
  };
}
`,
  'src/collections.ts': `export function groupBy<T, K extends PropertyKey>(items: T[], key: (item: T) => K): Record<K, T[]> {
  const out = {} as Record<K, T[]>;
  for (const item of items) {
    const k = key(item);
    (out[k] ??= []).push(item);
  }
  return out;
}

export function chunk<T>(items: T[], size: number): T[][] {
  if (size <= 0) throw new RangeError('size must be positive');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function uniqueBy<T>(items: T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
`,
  'src/format.ts': `const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number, digits = 1): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return \`\${value.toFixed(unit === 0 ? 0 : digits)} \${UNITS[unit]}\`;
}

export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000) % 60;
  const minutes = Math.floor(ms / 60000) % 60;
  const hours = Math.floor(ms / 3600000);
  const parts = [hours && \`\${hours}h\`, minutes && \`\${minutes}m\`, \`\${seconds}s\`];
  return parts.filter(Boolean).join(' ');
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\\u0300-\\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
`,
  'src/async.ts': `export interface RetryOptions {
  retries: number;
  delayMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retry<T>(task: () => Promise<T>, { retries, delayMs }: RetryOptions): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await task();
    } catch (error) {
      lastError = error;
      await sleep(delayMs * 2 ** attempt);
    }
  }
  throw lastError;
}
`,
});

export const REALISTIC: readonly Project[] = [todoApp, canvasGame, utilities];
