import { Button } from 'react-aria-components';
import { useConsoleActions } from './console-context';
import { frameLocation, type MappedFrame } from './map-stack';

/** One stack frame: a button that opens the project file when mapped, dimmed text otherwise. */
export function FrameLink({ frame }: { frame: MappedFrame }) {
  const { onOpenLocation } = useConsoleActions();
  const where = frameLocation(frame);
  return (
    <div className={frame.mapped ? 'pp-frame' : 'pp-frame pp-frame-vendor'}>
      <span className="pp-frame-at">at {frame.fn ? `${frame.fn} ` : ''}</span>
      {frame.mapped ? (
        <Button
          className="pp-link"
          onPress={() => onOpenLocation(frame.file, frame.line, frame.column)}
        >
          {where}
        </Button>
      ) : (
        <span>{where}</span>
      )}
    </div>
  );
}
