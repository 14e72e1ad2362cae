/**
 * Monaco's language workers (TypeScript, CSS, HTML, JSON) start once the app lets them: on a
 * first visit they would compile and check beside esbuild's first build on two cores, and the
 * first preview waited for both. The app opens this once its first run has shown (or failed);
 * MAX_WAIT_MS opens it anyway, so checking never waits on a run that does not come.
 */
const MAX_WAIT_MS = 4000;

let open: () => void = () => {};
/** Resolves when language workers may start. */
export const languageWorkersAllowed = new Promise<void>((resolve) => {
  open = resolve;
  setTimeout(resolve, MAX_WAIT_MS);
});

/** Lets the language workers start (the first run has shown its output, or failed). */
export function allowLanguageWorkers(): void {
  open();
}
