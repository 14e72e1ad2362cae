/**
 * The preview's sandbox flags, read by the app (which makes the frame) and by the runtime
 * (which limits the frames a program nests). README, "The preview's sandbox", says why each.
 * Never `allow-same-origin`: the preview would then share the app's origin (storage, cookies,
 * the app's DOM through `parent`).
 */
export const PREVIEW_SANDBOX_FLAGS = [
  'allow-scripts', // the program has to run
  'allow-modals', // alert/confirm/prompt are common in beginners' code
  'allow-forms', // a form's submit event and submission behave as users expect
  'allow-popups', // links with target=_blank and window.open open a tab
  'allow-pointer-lock', // games and canvas sketches lock the pointer
  'allow-downloads', // programs that make files (a canvas PNG, a CSV) can save them
] as const;

/**
 * Flags a frame the program nests in the preview does not get. Its dialogs and windows would
 * escape the rationing that keeps a loop of them from taking the app's tab
 * (runtime/clock/activation-guard.ts), which wraps only the preview's own realm.
 */
export const NESTED_FRAME_DENIED: readonly string[] = ['allow-modals', 'allow-popups'];
