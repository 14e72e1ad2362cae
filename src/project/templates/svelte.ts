import type { Project } from '../../protocol';
import { BASE_CSS, indexHtml, textProject } from './make';

const MAIN = `import { mount } from 'svelte';
import App from './App.svelte';
import './styles.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html needs a <div id="app">');

mount(App, { target });
`;

const APP = `<script lang="ts">
  import { fade } from 'svelte/transition';
  import Counter from './lib/Counter.svelte';
  import Timer from './lib/Timer.svelte';

  let showTimer = $state(true);
</script>

<main class="app">
  <h1>Svelte + TypeScript</h1>
  <Counter step={1} />
  <p>
    <button type="button" class="secondary" onclick={() => (showTimer = !showTimer)}>
      {showTimer ? 'Hide' : 'Show'} the timer
    </button>
  </p>
  {#if showTimer}
    <div transition:fade={{ duration: 400 }}>
      <Timer />
    </div>
  {/if}
  <p class="hint">Edit <code>src/App.svelte</code> or a component and the preview updates.</p>
</main>

<style>
  .app {
    text-align: center;
  }

  .secondary {
    color: inherit;
    background: transparent;
    border-color: currentColor;
  }

  .hint {
    opacity: 0.7;
  }
</style>
`;

const COUNTER = `<script lang="ts">
  let { step }: { step: number } = $props();
  let count = $state(0);

  $effect(() => {
    console.log('count changed', { count });
  });
</script>

<button type="button" onclick={() => (count += step)}>count is {count}</button>

<style>
  button {
    min-width: 9em;
  }
</style>
`;

const TIMER = `<script lang="ts">
  let seconds = $state(0);

  $effect(() => {
    const timer = setInterval(() => seconds++, 1000);
    return () => clearInterval(timer);
  });
</script>

<p class="timer">{seconds} s since the timer appeared</p>

<style>
  .timer {
    font-variant-numeric: tabular-nums;
  }
</style>
`;

const PACKAGE_JSON = `{
  "name": "svelte-typescript",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build"
  },
  "dependencies": {
    "svelte": "^5.0.0"
  },
  "devDependencies": {
    "@sveltejs/vite-plugin-svelte": "^7.0.0",
    "typescript": "^5.9.0",
    "vite": "^8.0.0"
  }
}
`;

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true
  },
  "include": ["src"]
}
`;

export function createSvelte(): Project {
  return textProject('svelte-typescript', 'src/main.ts', {
    'index.html': indexHtml('Svelte + TypeScript', '<div id="app"></div>', 'src/main.ts'),
    'package.json': PACKAGE_JSON,
    'tsconfig.json': TSCONFIG,
    'src/main.ts': MAIN,
    'src/App.svelte': APP,
    'src/lib/Counter.svelte': COUNTER,
    'src/lib/Timer.svelte': TIMER,
    'src/styles.css': `${BASE_CSS}`,
  });
}
