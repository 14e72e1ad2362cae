import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { shallowEqual, useStore } from '../ui/useStore';
import type { ProblemsStore } from './problems-store';
import { countProblems, countsText } from './problem-list';
import './problems.css';

/** "2 errors, 1 warning" in the status area; pressing it shows and focuses the Problems list. */
export function ProblemCountsButton({ problems }: { problems: ProblemsStore }) {
  const counts = useStore(problems, countProblems, shallowEqual);
  const Icon = counts.errors ? CircleX : counts.warnings ? TriangleAlert : CircleCheck;
  const tone = counts.errors ? 'errors' : counts.warnings ? 'warnings' : 'none';
  return (
    <TooltipTrigger delay={400}>
      <Button
        className={`pp-problem-counts pp-problem-counts--${tone}`}
        onPress={problems.requestShow}
      >
        <Icon size={14} aria-hidden />
        {countsText(counts)}
      </Button>
      <Tooltip className="pp-tooltip">Show Problems</Tooltip>
    </TooltipTrigger>
  );
}
