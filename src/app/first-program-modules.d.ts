// Made at build time by scripts/first-program-plugin.ts.
declare module 'virtual:playpen-bundler-version' {
  /** A hash of the bundler's sources and esbuild's version. */
  export const BUNDLER_VERSION: string;
}
declare module 'virtual:playpen-first-program' {
  /** programKey() of the default project, with the default CDN base and BUNDLER_VERSION. */
  export const key: string;
  /** buildToJson() of the worker's build of the default project. */
  export const json: string;
}
