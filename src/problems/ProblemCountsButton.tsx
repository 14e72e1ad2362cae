import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { shallowEqual, useStore } from '../ui/useStore';
import type { ProblemsStore } from './problems-store';
import { countProblems, countsText } from './problem-list';
import './problems.css';

/** "2 errors, 1 warning" in the status area; pressing it shows and focuses the Problems list. */
export function ProblemCountsButton({
  problems,
  compact = false,
}: {
  problems: ProblemsStore;
  /** A phone's toolbar: the number only (the name still says it all), nothing when none. */
  compact?: boolean;
}) {
  const counts = useStore(problems, countProblems, shallowEqual);
  const Icon = counts.errors ? CircleX : counts.warnings ? TriangleAlert : CircleCheck;
  const tone = counts.errors ? 'errors' : counts.warnings ? 'warnings' : 'none';
  const text = countsText(counts);
  if (compact && tone === 'none') return null;
  return (
    <TooltipTrigger delay={400}>
      <Button
        className={`pp-problem-counts pp-problem-counts--${tone}`}
        aria-label={text}
        onPress={problems.requestShow}
      >
        <Icon size={14} aria-hidden />
        {compact ? counts.errors + counts.warnings : text}
      </Button>
      <Tooltip className="pp-tooltip">Show Problems</Tooltip>
    </TooltipTrigger>
  );
}
