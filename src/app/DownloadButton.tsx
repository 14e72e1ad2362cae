import { Download } from 'lucide-react';
import { Button } from 'react-aria-components';
import { downloadBytes } from '../project/download';
import { SHIPPED_VERSIONS } from '../project/shipped-versions';
import type { ProjectStore } from '../project/store';
import { exportProjectZip } from '../project/zip-export';

/** "Download project": the open project as a runnable Vite project in a zip. */
export function DownloadButton({ store }: { store: ProjectStore }) {
  return (
    <Button
      className="pp-button"
      onPress={() => {
        const zip = exportProjectZip(store.getState().project, { versions: SHIPPED_VERSIONS });
        downloadBytes(zip.bytes, zip.fileName, 'application/zip');
      }}
    >
      <Download size={16} aria-hidden="true" />
      Download project
    </Button>
  );
}
