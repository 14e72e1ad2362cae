import type { ReactNode } from 'react';
import { Ellipsis } from 'lucide-react';
import { Button, DialogTrigger, Popover } from 'react-aria-components';

/**
 * "More": the toolbar controls that do not fit this width, in a popover. They are the same
 * controls as in a wide toolbar (same names and roles: a button Share still opens the Share
 * dialog), so nothing is reached differently, only one click further.
 */
export function MoreMenu({ children }: { children: ReactNode }) {
  return (
    <DialogTrigger>
      <Button className="pp-button pp-more-button">
        <Ellipsis size={16} aria-hidden="true" />
        More
      </Button>
      <Popover className="pp-popover pp-more-popover" placement="bottom end">
        {/* No Dialog inside: the popover is then the dialog itself (named by its trigger), so its
            dismiss buttons sit inside the dialog and not loose in the page. */}
        <div className="pp-more">{children}</div>
      </Popover>
    </DialogTrigger>
  );
}
