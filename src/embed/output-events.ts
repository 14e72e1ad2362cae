/**
 * What the program and the learner did, as the host hears it: console output and uncaught
 * errors (each once, when it first happens: a replay's output is the history's, not new), and
 * file changes.
 */
import type { EmbedEvents } from '../protocol/embed';
import type { RawFrame, RuntimeMessage } from '../protocol';
import type { MappedFrame } from '../console/map-stack';
import { previewText } from '../console/value-preview';
import { spaceBetween } from '../console/arg-spacing';
import { fileChanges } from '../project/model/file-changes';
import type { ProjectStore } from '../project/model/store';
import type { SerializedValue } from '../protocol';

type Emit = <N extends keyof EmbedEvents>(name: N, data: EmbedEvents[N]) => void;

/** Console arguments as one line, as the console shows them (strings unquoted). */
export function consoleText(args: readonly SerializedValue[]): string {
  let text = '';
  args.forEach((arg, i) => {
    if (i > 0 && spaceBetween(args[i - 1]!, arg)) text += ' ';
    text += previewText(arg);
  });
  return text;
}

/** Console levels that are no output of their own (a group's end). */
const SILENT = new Set(['groupEnd']);

/**
 * The events a message the embed's console just took from the live preview makes (the
 * timeline has already left out a replay's known output).
 */
export function runtimeEvents(
  message: RuntimeMessage,
  mapFrames: (frames: RawFrame[]) => MappedFrame[],
  emit: Emit,
): void {
  const logged = (level: string, args: SerializedValue[], tick?: number) => {
    if (!SILENT.has(level))
      emit('console', { level, text: consoleText(args), ...(tick !== undefined ? { tick } : {}) });
  };
  if (message.type === 'console') logged(message.level, message.args, message.tick);
  else if (message.type === 'console-batch')
    for (const e of message.entries) logged(e.level, e.args, e.tick);
  else if (message.type === 'error') {
    const at = mapFrames(message.frames).find((f) => f.mapped);
    emit('error', {
      message: message.message,
      ...(at ? { file: at.file, line: at.line, column: at.column } : {}),
      ...(message.tick !== undefined ? { tick: message.tick } : {}),
    });
  }
}

/** Emits `change` for each file added, edited or removed (text null), whoever changed it. */
export function followChanges(project: Pick<ProjectStore, 'getState' | 'subscribe'>, emit: Emit) {
  let files = project.getState().project.files;
  return project.subscribe(() => {
    const next = project.getState().project.files;
    const changes = fileChanges(files, next);
    files = next;
    for (const [path, file] of Object.entries(changes)) {
      if (file === null) emit('change', { path, text: null });
      else if (file.kind === 'text') emit('change', { path, text: file.text });
    }
  });
}
