// Monaco's URI class (what its workers' models carry), which Monaco ships without declarations.
declare module 'monaco-editor/base/common/uri' {
  export class URI {
    /** A `file://` URI of an absolute path. */
    static file(path: string): URI;
    /** The URI as text; `skipEncoding` leaves characters like spaces as they are. */
    toString(skipEncoding?: boolean): string;
  }
}
