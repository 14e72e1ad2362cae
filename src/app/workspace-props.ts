import type { Session } from './session';
import type { LayoutPlan } from '../ui/layout';
import type { RevealTarget } from './EditorArea';
import type { KeyboardStore } from './keyboard/keyboard-store';

/** What both workspaces (side-by-side panels, phone tabs) are given by App. */
export interface WorkspaceProps {
  session: Session;
  /** The layout for this width. */
  plan: LayoutPlan;
  /** Editing refused: a read-only link, or another tab edits the project. */
  readOnly: boolean;
  /** Why the editor refuses edits, when another tab is the reason. */
  readOnlyMessage?: string;
  /** Where the editor should jump (a console stack frame was clicked). */
  reveal: RevealTarget | null;
  /** Opens a file at a line: the console's `file:line` links. */
  openLocation(path: string, line: number, column: number): void;
  /** Mounts the preview host into the preview pane. */
  attach(container: HTMLElement): () => void;
  /** The keyboard help: the editor's hint line and the outcome of Ctrl/Cmd+S. */
  keys: KeyboardStore;
  /** Ctrl/Cmd+S in the editor: saves and says so. */
  onSave(): void;
}
