import { useStore } from '../ui/useStore';
import type { ProblemsStore } from './problems-store';
import { countProblems } from './problem-list';

/**
 * A Problems tab's label with how many there are (errors and warnings): the app's output pane
 * and the embed both show it. The number is for the eye; the list itself says each one.
 */
export function ProblemsTabLabel({ problems }: { problems: ProblemsStore }) {
  const total = useStore(problems, (s) => {
    const { errors, warnings } = countProblems(s);
    return errors + warnings;
  });
  return (
    <>
      Problems
      {total > 0 && (
        <span className="pp-output-tab__count" aria-hidden>
          {total > 999 ? '999+' : total}
        </span>
      )}
    </>
  );
}
