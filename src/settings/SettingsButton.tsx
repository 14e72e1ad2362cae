import { Settings as SettingsIcon } from 'lucide-react';
import { AppDialog } from '../ui/AppDialog';
import type { SettingsStore } from './settings-store';
import { SettingsForm } from './SettingsForm';
import './settings.css';

export interface SettingsButtonProps {
  /** The persisted preferences the dialog edits (every change applies at once). */
  settings: SettingsStore;
}

/** "Settings" button and dialog. */
export function SettingsButton({ settings }: SettingsButtonProps) {
  return (
    <AppDialog
      trigger={<SettingsIcon size={16} aria-hidden="true" />}
      triggerLabel="Settings"
      title="Settings"
      modalClassName="pp-settings-modal"
      closeLabel="Done"
    >
      {() => <SettingsForm store={settings} />}
    </AppDialog>
  );
}
