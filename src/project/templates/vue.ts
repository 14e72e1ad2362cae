import type { Project } from '../../protocol';
import { BASE_CSS, indexHtml, textProject } from './make';

const MAIN = `import { createApp } from 'vue';
import App from './App.vue';
import './styles.css';

createApp(App).mount('#app');
`;

const APP = `<script setup lang="ts">
import { ref } from 'vue';
import Counter from './components/Counter.vue';
import Timer from './components/Timer.vue';

const showTimer = ref(true);
</script>

<template>
  <main class="app">
    <h1>Vue + TypeScript</h1>
    <Counter :step="1" />
    <p>
      <button type="button" class="secondary" @click="showTimer = !showTimer">
        {{ showTimer ? 'Hide' : 'Show' }} the timer
      </button>
    </p>
    <Transition name="fade">
      <Timer v-if="showTimer" />
    </Transition>
    <p class="hint">Edit <code>src/App.vue</code> or a component and the preview updates.</p>
  </main>
</template>

<style scoped>
.fade-enter-active,
.fade-leave-active {
  transition: opacity 0.4s ease;
}

.fade-enter-from,
.fade-leave-to {
  opacity: 0;
}
</style>
`;

const COUNTER = `<script setup lang="ts">
import { ref, watch } from 'vue';

const props = defineProps<{ step: number }>();
const count = ref(0);

watch(count, (value) => console.log('count changed', { count: value }));
</script>

<template>
  <button type="button" @click="count += props.step">count is {{ count }}</button>
</template>

<style scoped>
button {
  min-width: 9em;
}
</style>
`;

const TIMER = `<script setup lang="ts">
import { onMounted, onUnmounted, ref } from 'vue';

const seconds = ref(0);
let timer: ReturnType<typeof setInterval> | undefined;

onMounted(() => {
  timer = setInterval(() => seconds.value++, 1000);
});
onUnmounted(() => clearInterval(timer));
</script>

<template>
  <p class="timer">{{ seconds }} s since the timer appeared</p>
</template>

<style scoped>
.timer {
  font-variant-numeric: tabular-nums;
}
</style>
`;

const STYLE = `${BASE_CSS}
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
`;

const PACKAGE_JSON = `{
  "name": "vue-typescript",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build"
  },
  "dependencies": {
    "vue": "^3.5.0"
  },
  "devDependencies": {
    "@vitejs/plugin-vue": "^6.0.0",
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
    "jsx": "preserve",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true
  },
  "include": ["src"]
}
`;

export function createVue(): Project {
  return textProject('vue-typescript', 'src/main.ts', {
    'index.html': indexHtml('Vue + TypeScript', '<div id="app"></div>', 'src/main.ts'),
    'package.json': PACKAGE_JSON,
    'tsconfig.json': TSCONFIG,
    'src/main.ts': MAIN,
    'src/App.vue': APP,
    'src/components/Counter.vue': COUNTER,
    'src/components/Timer.vue': TIMER,
    'src/styles.css': STYLE,
  });
}
