import type { ReactNode } from 'react';
import { Button, Tooltip, TooltipTrigger, type ButtonProps } from 'react-aria-components';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** The button's accessible name, also shown as its tooltip (the icon alone says too little). */
  label: string;
  /** More than the name for the tooltip (a shortcut); defaults to the name. */
  tip?: string;
  /** The icon, aria-hidden. */
  children: ReactNode;
}

/** A button that shows only an icon: named, and with a tooltip on hover and keyboard focus. */
export function IconButton({ label, tip, children, className, ...rest }: IconButtonProps) {
  return (
    <TooltipTrigger delay={400}>
      <Button {...rest} className={className ?? 'pp-icon-button'} aria-label={label}>
        {children}
      </Button>
      <Tooltip className="pp-tooltip">{tip ?? label}</Tooltip>
    </TooltipTrigger>
  );
}
