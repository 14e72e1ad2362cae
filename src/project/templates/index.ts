import type { Project } from '../../protocol';
import { createCanvas } from './canvas';
import { createExample } from './example';
import { createReact } from './react';
import { createVanilla } from './vanilla';
import { createSvelte } from './svelte';
import { createVue } from './vue';

export interface Template {
  /** Stable id, e.g. for a `?template=` URL or a test. */
  id: string;
  /** Shown in the "New project" menu. */
  name: string;
  /** One line under the name in the menu. */
  description: string;
  /** A fresh copy each call, so edits never leak into the template. */
  create(): Project;
}

export const TEMPLATES: readonly Template[] = [
  {
    id: 'vanilla-ts',
    name: 'Vanilla TypeScript',
    description: 'DOM and TypeScript, no framework: a counter button.',
    create: createVanilla,
  },
  {
    id: 'react-ts',
    name: 'React + TypeScript',
    description: 'React 19 with a component, state and an effect.',
    create: createReact,
  },
  {
    id: 'vue-ts',
    name: 'Vue + TypeScript',
    description: 'Vue 3 single-file components: a counter, a timer and a transition.',
    create: createVue,
  },
  {
    id: 'svelte-ts',
    name: 'Svelte + TypeScript',
    description: 'Svelte 5 components with runes: a counter, a timer and a transition.',
    create: createSvelte,
  },
  {
    id: 'canvas',
    name: 'Canvas animation',
    description: 'Bouncing balls drawn with requestAnimationFrame.',
    create: createCanvas,
  },
];

/** The example shown on first open. */
export function createDefaultProject(): Project {
  return createExample();
}
