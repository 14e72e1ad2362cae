// Svelte's compiler as one chunk of the bundler worker, named for it (svelte-compiler-<hash>.js):
// fetched the first time a project has a `.svelte` file or a rune module; the cold bench checks
// no other project fetches it.
export * from 'svelte/compiler';
