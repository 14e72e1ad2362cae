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
  const text = countsText(counts);
  return (
    <TooltipTrigger delay={400}>
      <Button
        className={`pp-problem-counts pp-problem-counts--${tone}`}
        aria-label={text}
        onPress={problems.requestShow}
      >
        <Icon size={14} aria-hidden />
        <span className="pp-problem-counts__text">{text}</span>
        {/* A phone's toolbar has room for the number only (the name still says it all). */}
        <span className="pp-problem-counts__short" aria-hidden>
          {counts.errors + counts.warnings}
        </span>
      </Button>
      <Tooltip className="pp-tooltip">Show Problems</Tooltip>
    </TooltipTrigger>
  );
}
