import { useConsoleActions } from './console-context';
import { frameLocation, type MappedFrame } from './map-stack';

/**
 * One stack frame: a button that opens the project file when mapped, dimmed text otherwise.
 * A native button, as the tick link (ConsoleEntryView): a flood of uncaught errors mounts a
 * screenful of these at a time, and React Aria Button's hooks were most of that render.
 */
export function FrameLink({ frame }: { frame: MappedFrame }) {
  const { onOpenLocation } = useConsoleActions();
  const where = frameLocation(frame);
  return (
    <div className={frame.mapped ? 'pp-frame' : 'pp-frame pp-frame-vendor'}>
      <span className="pp-frame-at">at {frame.fn ? `${frame.fn} ` : ''}</span>
      {frame.mapped ? (
        <button
          type="button"
          className="pp-link"
          onClick={() => onOpenLocation(frame.file, frame.line, frame.column)}
        >
          {where}
        </button>
      ) : (
        <span>{where}</span>
      )}
    </div>
  );
}
