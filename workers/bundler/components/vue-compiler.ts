// Vue's SFC compiler as one chunk of the bundler worker, named for it (vue-compiler-<hash>.js):
// fetched the first time a project has a `.vue` file; the cold bench checks no other project
// fetches it.
export * from 'vue/compiler-sfc';
