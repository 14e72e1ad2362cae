/** What the format worker is asked: one file, and the project's Prettier config if any. */
export interface FormatRequest {
  /** The file's project path: its extension picks Prettier's parser. */
  path: string;
  /** The file's text as it is in the editor. */
  text: string;
  /** The project's Prettier config file, if it has one (see findPrettierConfig). */
  config: PrettierConfigFile | null;
  /** The editor's indentation, used where the config says nothing. */
  tabWidth?: number;
  /** Offsets into `text` (the selection's ends) to find again in the formatted text. */
  offsets?: number[];
}

/** A project file that configures Prettier. */
export interface PrettierConfigFile {
  /** Its project path (`.prettierrc`, `.prettierrc.json`, `.prettierrc.yaml`, `package.json`). */
  path: string;
  /** Its text; `package.json` holds the config under its "prettier" key. */
  text: string;
}

/** The formatted text, or why there is none (a syntax error, a broken config, no parser). */
export type FormatResult =
  | {
      ok: true;
      /** The formatted text. */
      text: string;
      /** Where each requested offset is in `text` (Prettier's formatWithCursor), when asked. */
      offsets?: number[];
    }
  | {
      ok: false;
      /** A sentence for the user, naming the file (and line:column for a syntax error). */
      error: string;
      /** 1-based line of a syntax error, to put the cursor there. */
      line?: number;
      /** 1-based column of a syntax error. */
      column?: number;
    };

/** The format worker's API (comlink). */
export interface FormatApi {
  format(request: FormatRequest): Promise<FormatResult>;
}
