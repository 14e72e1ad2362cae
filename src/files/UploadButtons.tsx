import { FileUp, FolderUp } from 'lucide-react';
import { FileTrigger } from 'react-aria-components';
import { IconButton } from '../ui/IconButton';
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
        <IconButton label="Upload files" tip="Upload files or a zip" isDisabled={isDisabled}>
          <FileUp aria-hidden size={16} />
        </IconButton>
      </FileTrigger>
      <FileTrigger acceptDirectory onSelect={(list) => onItems(toItems(list))}>
        <IconButton label="Upload folder" isDisabled={isDisabled}>
          <FolderUp aria-hidden size={16} />
        </IconButton>
      </FileTrigger>
    </>
  );
}
