import { forwardRef, memo } from 'react';
import { Button } from 'react-aria-components';
import { CircleX, TriangleAlert } from 'lucide-react';
import { shallowEqual, useStore } from '../ui/useStore';
import type { Problem, ProblemsStore } from './problems-store';
import { allProblems, problemLocation } from './problem-list';
import type { OpenLocation } from './open-location';
import './problems.css';

const SOURCE_LABEL = { build: 'build', type: 'TypeScript', runtime: 'runtime' } as const;

/**
 * The Problems list: the latest build's errors, TypeScript's errors of every file and the
 * current run's uncaught errors; each with a place opens it in the editor. Focusable, so the
 * status area's count can bring the keyboard here.
 */
export const ProblemsPanel = forwardRef<
  HTMLElement,
  { problems: ProblemsStore; onOpenLocation: OpenLocation }
>(function ProblemsPanel({ problems, onOpenLocation }, ref) {
  const { build, types, runtime } = useStore(
    problems,
    (s) => ({ build: s.build, types: s.types, runtime: s.runtime }),
    shallowEqual,
  );
  const list = allProblems({ build, types, runtime, overlay: null, showRequests: 0 });
  return (
    <section ref={ref} className="pp-problems" aria-label="Problems" tabIndex={-1}>
      {list.length === 0 ? (
        <p className="pp-empty">No problems</p>
      ) : (
        <ul className="pp-problems__list">
          {list.map((p, i) => (
            <li key={i}>
              <ProblemRow problem={p} onOpenLocation={onOpenLocation} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

/**
 * Memoised: the list's problems keep their identity across updates, so a run adding its 50th
 * uncaught error renders one row, not 50 (a flood of rejections rendered ~1,300 rows).
 */
const ProblemRow = memo(function ProblemRow({
  problem,
  onOpenLocation,
}: {
  problem: Problem;
  onOpenLocation: OpenLocation;
}) {
  const where = problemLocation(problem);
  const Icon = problem.severity === 'error' ? CircleX : TriangleAlert;
  const content = (
    <>
      <Icon
        size={14}
        aria-hidden
        className={`pp-problems__icon pp-problems__icon--${problem.severity}`}
      />
      <span className="pp-problems__message">{problem.message}</span>
      <span className="pp-problems__meta">
        {SOURCE_LABEL[problem.source]}
        {where ? ` · ${where}` : ''}
      </span>
    </>
  );
  const { file, line, column } = problem;
  if (!file) return <div className="pp-problems__row">{content}</div>;
  return (
    <Button
      className="pp-problems__row pp-problems__row--link"
      onPress={() => onOpenLocation(file, line ?? 1, column ?? 1)}
    >
      {content}
    </Button>
  );
});
