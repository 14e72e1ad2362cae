import { ChevronDown, RotateCw } from 'lucide-react';
import {
  Button,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Text,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import type { RunController } from './controller';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** The run chord as this platform writes it. */
export const RUN_SHORTCUT = isMac ? '⌘ Enter' : 'Ctrl+Enter';

/**
 * Run, and "Run from start" beside it (docs/architecture.md, "UI names"). While the run is
 * paused, Run keeps its place (a hot swap, when Settings say so); Run from start, or Run with
 * Shift, starts from tick 0 whatever the setting.
 */
export function RunButton({ controller }: { controller: Pick<RunController, 'run'> }) {
  return (
    <span className="pp-run-button">
      <TooltipTrigger delay={400}>
        <Button
          className="pp-button pp-button--primary"
          onPress={(event) => void controller.run({ fresh: event.shiftKey })}
        >
          <RotateCw size={16} aria-hidden="true" />
          Run
        </Button>
        <Tooltip className="pp-tooltip">
          Build and run ({RUN_SHORTCUT}); paused, it keeps your place. Shift+click: run from start
        </Tooltip>
      </TooltipTrigger>
      {/* Named without "Run": a test or reader asking for the button "Run" finds one. */}
      <MenuTrigger>
        <Button className="pp-button pp-button--primary pp-run-more" aria-label="Start options">
          <ChevronDown size={14} aria-hidden="true" />
        </Button>
        <Popover className="pp-popover" placement="bottom end">
          <Menu
            className="pp-menu"
            onAction={(key) => {
              if (key === 'fresh') void controller.run({ fresh: true });
            }}
          >
            <MenuItem id="fresh" className="pp-template-item" textValue="Run from start">
              <Text slot="label" className="pp-template-item-title">
                Run from start
              </Text>
              <Text slot="description" className="pp-template-item-desc">
                From tick 0, even while paused (or Shift+click Run)
              </Text>
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </span>
  );
}
