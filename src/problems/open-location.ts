/** Opens a project file in the editor with the cursor at a 1-based line and column. */
export type OpenLocation = (file: string, line: number, column: number) => void;
