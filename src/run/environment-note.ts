/**
 * The console's word when a replay runs in a browser whose environment differs from the run's
 * (a shared link opened at another pixel ratio or colour scheme): the program's JavaScript is
 * given the run's values, but CSS follows the browser, so the pixels may differ. Never silent.
 */
import { environmentDifferences, type RunEnvironment } from '../protocol';

/** The notice for a replay given `recorded` in a browser that has `here`; null when alike. */
export function environmentNote(recorded: RunEnvironment, here: RunEnvironment): string | null {
  const differences = environmentDifferences(recorded, here);
  if (differences.length === 0) return null;
  return (
    `This replay’s browser differs from the recorded run: ${differences.join('; ')}. ` +
    'The program’s JavaScript reads (devicePixelRatio, matchMedia) get the run’s values, but CSS ' +
    'follows this browser, so the preview may look different from what the sender saw.'
  );
}
