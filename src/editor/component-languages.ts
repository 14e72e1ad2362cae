/**
 * Monaco languages for single-file components (`.vue`, `.svelte`): the markup coloured as HTML (so Emmet
 * and the theme treat it as HTML), each `<script>` as TypeScript or JavaScript by its `lang`,
 * each `<style>` as CSS, and the template's expressions (Vue's `{{ }}` and directives' values,
 * Svelte's `{…}` and blocks) as JavaScript. Monarch grammars, like every language Monaco ships: no TextMate engine to load.
 * Pure data and one registration function, so the grammar is unit-testable with Monaco's
 * tokenizer.
 */
import type { languages } from 'monaco-editor/editor/editor.api';

type Rules = languages.IMonarchLanguageRule[];

/** `<script …>` and `<style …>`: attributes, the `lang` that picks the embedded language. */
const blockStates = (): Record<string, Rules> => ({
  // $S2: the embedded language (`@script.javascript`), switched by a `lang="ts"` attribute.
  script: [
    [
      /(lang)(\s*=\s*)(["'])(ts|tsx|typescript)(["'])/,
      [
        'attribute.name',
        'delimiter',
        'attribute.value',
        'attribute.value',
        { token: 'attribute.value', switchTo: '@script.typescript' },
      ],
    ],
    [/"([^"]*)"/, 'attribute.value'],
    [/'([^']*)'/, 'attribute.value'],
    [/[\w-]+/, 'attribute.name'],
    [/=/, 'delimiter'],
    [/>/, { token: 'delimiter', next: '@scriptEmbedded', nextEmbedded: '$S2' }],
    [/[ \t\r\n]+/, ''],
    [/(<\/)(script\s*)(>)/, ['delimiter', 'tag', { token: 'delimiter', next: '@pop' }]],
  ],
  scriptEmbedded: [
    [/<\/script/, { token: '@rematch', next: '@pop', nextEmbedded: '@pop' }],
    [/[^<]+/, ''],
  ],
  style: [
    [/"([^"]*)"/, 'attribute.value'],
    [/'([^']*)'/, 'attribute.value'],
    [/[\w-]+/, 'attribute.name'],
    [/=/, 'delimiter'],
    [/>/, { token: 'delimiter', next: '@styleEmbedded', nextEmbedded: 'css' }],
    [/[ \t\r\n]+/, ''],
    [/(<\/)(style\s*)(>)/, ['delimiter', 'tag', { token: 'delimiter', next: '@pop' }]],
  ],
  styleEmbedded: [
    [/<\/style/, { token: '@rematch', next: '@pop', nextEmbedded: '@pop' }],
    [/[^<]+/, ''],
  ],
  comment: [
    [/-->/, 'comment', '@pop'],
    [/[^-]+/, 'comment.content'],
    [/./, 'comment.content'],
  ],
});

/** The opening of a tag: script and style blocks apart, components and elements alike. */
const tagRules = (): Rules => [
  [/<!--/, 'comment', '@comment'],
  [/(<)(script)\b/, ['delimiter', { token: 'tag', next: '@script.javascript' }]],
  [/(<)(style)\b/, ['delimiter', { token: 'tag', next: '@style' }]],
  [/(<)([\w\-.:]+)(\s*)(\/>)/, ['delimiter', 'tag', '', 'delimiter']],
  [/(<)([\w\-.:]+)/, ['delimiter', { token: 'tag', next: '@tag' }]],
  [/(<\/)([\w\-.:]+)/, ['delimiter', { token: 'tag', next: '@tag' }]],
  [/</, 'delimiter'],
];

/** Vue: `{{ expression }}`, and directives (`v-if`, `:prop`, `@event`, `#slot`) whose values are JS. */
export const vueLanguage: languages.IMonarchLanguage = {
  defaultToken: '',
  // As HTML's tokens: the themes colour them, and Emmet expands abbreviations between tags.
  tokenPostfix: '.html',
  ignoreCase: true,
  tokenizer: {
    root: [
      ...tagRules(),
      [/\{\{/, { token: 'delimiter.bracket', next: '@interpolation', nextEmbedded: 'javascript' }],
      [/[^<{]+/, ''],
      [/\{/, ''],
    ],
    interpolation: [
      [/\}\}/, { token: 'delimiter.bracket', next: '@pop', nextEmbedded: '@pop' }],
      [/[^}]+/, ''],
      [/\}/, ''],
    ],
    tag: [
      [/\/?>/, 'delimiter', '@pop'],
      [/(?:v-[\w-]+|[:@#])[\w\-.[\]:]*/, 'attribute.name', '@directive'],
      [/"([^"]*)"/, 'attribute.value'],
      [/'([^']*)'/, 'attribute.value'],
      [/[\w\-.:]+/, 'attribute.name'],
      [/=/, 'delimiter'],
      [/[ \t\r\n]+/, ''],
    ],
    // After a directive's name: `="…"` is JavaScript; anything else ends it.
    directive: [
      [/\s*=\s*/, 'delimiter'],
      [
        /"/,
        { token: 'attribute.value', switchTo: '@directiveValue."', nextEmbedded: 'javascript' },
      ],
      [
        /'/,
        { token: 'attribute.value', switchTo: "@directiveValue.'", nextEmbedded: 'javascript' },
      ],
      [/[\s\S]/, { token: '@rematch', next: '@pop' }],
    ],
    directiveValue: [
      [
        /["']/,
        {
          cases: {
            '$0==$S2': { token: 'attribute.value', next: '@pop', nextEmbedded: '@pop' },
            '@default': '',
          },
        },
      ],
      [/[^"']+/, ''],
    ],
    ...blockStates(),
  },
};

/** Svelte: `{expression}` in text and attributes, `{#if}` `{:else}` `{/if}` `{@html}` blocks. */
export const svelteLanguage: languages.IMonarchLanguage = {
  defaultToken: '',
  tokenPostfix: '.html',
  ignoreCase: true,
  tokenizer: {
    root: [
      ...tagRules(),
      [/\{[#:/@]\w*/, { token: 'keyword', next: '@expression', nextEmbedded: 'javascript' }],
      [/\{/, { token: 'delimiter.bracket', next: '@expression', nextEmbedded: 'javascript' }],
      [/[^<{]+/, ''],
    ],
    expression: [
      [/\}/, { token: 'delimiter.bracket', next: '@pop', nextEmbedded: '@pop' }],
      [/[^}]+/, ''],
    ],
    tag: [
      [/\/?>/, 'delimiter', '@pop'],
      [/\{/, { token: 'delimiter.bracket', next: '@expression', nextEmbedded: 'javascript' }],
      [/"([^"]*)"/, 'attribute.value'],
      [/'([^']*)'/, 'attribute.value'],
      [/[\w\-.:|]+/, 'attribute.name'],
      [/=/, 'delimiter'],
      [/[ \t\r\n]+/, ''],
    ],
    ...blockStates(),
  },
};

/** Brackets, comments and auto-closing in the markup (each embedded language keeps its own). */
export const markupConfiguration: languages.LanguageConfiguration = {
  comments: { blockComment: ['<!--', '-->'] },
  brackets: [
    ['<!--', '-->'],
    ['<', '>'],
    ['{', '}'],
    ['(', ')'],
    ['[', ']'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"' },
    { open: "'", close: "'" },
    { open: '<!--', close: '-->', notIn: ['comment', 'string'] },
  ],
  surroundingPairs: [
    { open: '"', close: '"' },
    { open: "'", close: "'" },
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '<', close: '>' },
  ],
};

/** The component languages, each with the grammar and configuration above. */
export const COMPONENT_LANGUAGES = [
  { id: 'vue', extensions: ['.vue'], aliases: ['Vue'], grammar: vueLanguage },
  { id: 'svelte', extensions: ['.svelte'], aliases: ['Svelte'], grammar: svelteLanguage },
] as const;

/** Registers the component languages with Monaco (once, from monaco-setup.ts). */
export function registerComponentLanguages(
  api: Pick<typeof languages, 'register' | 'setMonarchTokensProvider' | 'setLanguageConfiguration'>,
): void {
  for (const { id, extensions, aliases, grammar } of COMPONENT_LANGUAGES) {
    api.register({ id, extensions: [...extensions], aliases: [...aliases] });
    api.setMonarchTokensProvider(id, grammar);
    api.setLanguageConfiguration(id, markupConfiguration);
  }
}
