/**
 * Emmet abbreviations (`ul>li*3`, `m10`) as completions in HTML, CSS and JSX, as in VS Code.
 * emmet-monaco-es is loaded the first time a file of those kinds is shown, not at startup.
 */
import type { MonacoApi } from './monaco-setup';

/** Monaco languages whose files get Emmet (TypeScript and JavaScript for JSX/TSX, Vue's markup). */
export const EMMET_LANGUAGES = [
  'html',
  'vue',
  'svelte',
  'css',
  'javascript',
  'typescript',
] as const;

let loading: Promise<void> | undefined;

/** Registers Emmet once for the page (its providers belong to Monaco, not to one editor). */
export function loadEmmet(monaco: MonacoApi): Promise<void> {
  loading ??= import('emmet-monaco-es').then(({ emmetHTML, emmetCSS, emmetJSX }) => {
    // Typed against all of Monaco's namespaces; it uses only `editor` and `languages`.
    const all = (api: MonacoApi) => api as unknown as Parameters<typeof emmetHTML>[0];
    // Components' markup is tokenized as HTML (component-languages.ts), so Emmet's HTML checks
    // hold there and stay out of their scripts and styles.
    emmetHTML(all(monaco), ['html', 'vue', 'svelte']);
    emmetCSS(all(monaco), ['css']);
    // .ts and .js files share their language with .tsx and .jsx: markup only in the latter,
    // as in VS Code (emmet-monaco-es then checks that JSX may stand at the cursor).
    emmetJSX(all(jsxFilesOnly(monaco)), ['javascript', 'typescript']);
  });
  // A failed chunk load (offline, a new deploy) is tried again on the next file shown.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Monaco whose completion providers answer only in `.jsx` and `.tsx` files. */
function jsxFilesOnly(monaco: MonacoApi): MonacoApi {
  const register: typeof monaco.languages.registerCompletionItemProvider = (language, provider) =>
    monaco.languages.registerCompletionItemProvider(language, {
      ...provider,
      provideCompletionItems: (model, ...rest) =>
        /\.[jt]sx$/i.test(model.uri.path)
          ? provider.provideCompletionItems(model, ...rest)
          : undefined,
    });
  return {
    ...monaco,
    languages: { ...monaco.languages, registerCompletionItemProvider: register },
  };
}

/** Whether a model's language is one Emmet serves. */
export const wantsEmmet = (languageId: string) =>
  (EMMET_LANGUAGES as readonly string[]).includes(languageId);
