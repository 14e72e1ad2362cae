import { useMediaQuery } from './useMediaQuery';
import { layoutPlan, layoutQuery, type LayoutPlan } from './layout';

/** The layout plan for the window's width now, followed live as the window is resized. */
export function useLayout(): LayoutPlan {
  const phone = useMediaQuery(layoutQuery('phone'));
  const tablet = useMediaQuery(layoutQuery('tablet'));
  const laptop = useMediaQuery(layoutQuery('laptop'));
  const wide = useMediaQuery(layoutQuery('wide'));
  // No media queries (tests without a window): the laptop layout, the most common.
  const kind = phone ? 'phone' : tablet ? 'tablet' : wide ? 'wide' : laptop ? 'laptop' : 'laptop';
  return layoutPlan(kind);
}
