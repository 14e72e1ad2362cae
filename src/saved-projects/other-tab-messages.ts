/** What the user reads while another tab edits the open project (banner and editor). */
import type { TabConflict } from '../project/storage/tab-guard';

/** The banner's sentence for each read-only state. */
export const OTHER_TAB_BANNER: Record<Exclude<TabConflict, 'none'>, string> = {
  'open-elsewhere':
    'This project is open in another tab, which saves it. This tab is read-only so the two can’t overwrite each other.',
  'taken-over':
    'This project is now being edited in another tab. This tab is read-only so the two can’t overwrite each other.',
  left: 'The other tab that was editing this project closed or moved on. This tab is read-only until you edit here.',
  'taking-over': 'Saving the other tab’s work and loading it here…',
};

/** Monaco's message when typing is refused (markdown). */
export const OTHER_TAB_EDITOR_MESSAGE =
  'This project is being edited in another tab. Use **Edit here** to edit it in this tab.';
