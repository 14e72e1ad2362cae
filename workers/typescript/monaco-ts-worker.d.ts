// Monaco ships this worker module without declarations; typescript.worker.ts needs its class.
declare module 'monaco-editor/languages/features/typescript/ts.worker' {
  /** The language service host Monaco's TypeScript worker creates per worker. */
  export class TypeScriptWorker {}
}
