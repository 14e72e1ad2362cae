import { FolderUp, Upload } from 'lucide-react';
import { Button, FileTrigger } from 'react-aria-components';
import { fileItem, type UploadItem } from '../project/import/upload-read';

export interface UploadButtonsProps {
  /** Called with what the user picked. */
  onItems(items: UploadItem[]): void;
  /** While an upload is being read. */
  isDisabled?: boolean;
}

const toItems = (list: FileList | null) => [...(list ?? [])].map((f) => fileItem(f));

/** "Upload files" (files or zips) and "Upload folder" for the Files toolbar. */
export function UploadButtons({ onItems, isDisabled }: UploadButtonsProps) {
  return (
    <>
      <FileTrigger allowsMultiple onSelect={(list) => onItems(toItems(list))}>
        <Button className="pp-icon-button" aria-label="Upload files" isDisabled={isDisabled}>
          <Upload aria-hidden size={16} />
        </Button>
      </FileTrigger>
      <FileTrigger acceptDirectory onSelect={(list) => onItems(toItems(list))}>
        <Button className="pp-icon-button" aria-label="Upload folder" isDisabled={isDisabled}>
          <FolderUp aria-hidden size={16} />
        </Button>
      </FileTrigger>
    </>
  );
}
