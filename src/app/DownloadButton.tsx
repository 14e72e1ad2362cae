import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { downloadBytes } from '../project/export/download';
import { exportPinnedZip, pinningNotice } from '../project/export/export-pinned';
import { readKnownVersions, rememberVersions } from '../project/export/known-versions';
import { SHIPPED_VERSIONS } from '../project/export/shipped-versions';
import type { ProjectStore } from '../project/model/store';
import { safeLocalStorage } from '../ui/safe-storage';

export interface DownloadButtonProps {
  /** The open project. */
  store: ProjectStore;
  /** Tells the user what the export could not pin (shown as a dismissible alert). */
  onNotice(text: string): void;
}

/** "Download project": the open project as a runnable Vite project in a zip, versions pinned. */
export function DownloadButton({ store, onNotice }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const local = safeLocalStorage();
      const lastKnown: Record<string, string> = { ...readKnownVersions(local) };
      for (const [name, version] of Object.entries(SHIPPED_VERSIONS)) lastKnown[name] ??= version;
      const zip = await exportPinnedZip(store.getState().project, {
        versions: SHIPPED_VERSIONS,
        lastKnown,
      });
      rememberVersions(local, zip.fetched);
      downloadBytes(zip.bytes, zip.fileName, 'application/zip');
      const notice = pinningNotice(zip);
      if (notice) onNotice(notice);
    } finally {
      setBusy(false);
    }
  };
  return (
    <TooltipTrigger delay={400}>
      <Button
        className="pp-button"
        aria-label="Download project"
        isPending={busy}
        onPress={() => void download()}
      >
        <Download size={16} aria-hidden="true" />
      </Button>
      <Tooltip className="pp-tooltip">Download project (a runnable Vite project, zipped)</Tooltip>
    </TooltipTrigger>
  );
}
