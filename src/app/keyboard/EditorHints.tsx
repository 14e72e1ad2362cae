import { Keyboard } from 'lucide-react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useStore } from '../../ui/useStore';
import type { KeyboardStore } from './keyboard-store';

/**
 * The status line under the editor: how to leave it by keyboard (Tab indents there), the
 * outcome of Ctrl/Cmd+S, and the button that opens the Keyboard shortcuts dialog.
 */
export function EditorHints({ keys }: { keys: KeyboardStore }) {
  const saveMessage = useStore(keys, (s) => s.saveMessage);
  return (
    <div className="pp-editor-hints">
      <span className="pp-editor-hint">
        <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor
      </span>
      <span role="status" aria-label="Save status" className="pp-save-status">
        {saveMessage}
      </span>
      <TooltipTrigger delay={400}>
        <Button
          className="pp-icon-button"
          aria-label="Keyboard shortcuts"
          onPress={() => keys.setShortcutsOpen(true)}
        >
          <Keyboard aria-hidden size={15} />
        </Button>
        <Tooltip className="pp-tooltip">Keyboard shortcuts (?)</Tooltip>
      </TooltipTrigger>
    </div>
  );
}
