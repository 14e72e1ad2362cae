import type { RuntimeMessage } from '../protocol';
import type { RuntimeError } from './problems-store';

/** A stack frame after source mapping (the console's MappedFrame has this shape). */
export interface LocatedFrame {
  /** Project path when mapped, the frame's URL otherwise. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** True when the frame is in a project file (vendor, CDN and runtime frames are not). */
  mapped: boolean;
}

/**
 * The problem an uncaught error of the preview makes: its message, placed at the innermost
 * frame in the user's own files (a throw inside React still points at the component that
 * called it). Without such a frame it has no place, and the list shows it without one.
 */
export function runtimeErrorOf(
  message: Extract<RuntimeMessage, { type: 'error' }>,
  frames: readonly LocatedFrame[],
): Omit<RuntimeError, 'source'> {
  const at = frames.find((f) => f.mapped);
  return {
    kind: message.kind,
    severity: 'error',
    message: message.message,
    ...(at ? { file: at.file, line: at.line, column: at.column } : {}),
  };
}
