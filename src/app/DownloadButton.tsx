import { Download } from 'lucide-react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { downloadBytes } from '../project/download';
import { SHIPPED_VERSIONS } from '../project/shipped-versions';
import type { ProjectStore } from '../project/store';
import { exportProjectZip } from '../project/zip-export';

/** "Download project": the open project as a runnable Vite project in a zip. */
export function DownloadButton({ store }: { store: ProjectStore }) {
  return (
    <TooltipTrigger delay={400}>
      <Button
        className="pp-button"
        aria-label="Download project"
        onPress={() => {
          const zip = exportProjectZip(store.getState().project, { versions: SHIPPED_VERSIONS });
          downloadBytes(zip.bytes, zip.fileName, 'application/zip');
        }}
      >
        <Download size={16} aria-hidden="true" />
      </Button>
      <Tooltip className="pp-tooltip">Download project (a runnable Vite project, zipped)</Tooltip>
    </TooltipTrigger>
  );
}
