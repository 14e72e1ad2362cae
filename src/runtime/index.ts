/**
 * The preview runtime: the first code in the sandboxed preview iframe. preview.html
 * evaluates it (see scripts/build-preview.mjs) before anything of the user's. It shims
 * storage, captures the console and errors, then waits for the host's MessagePort and a
 * `run` message. Everything it relies on is captured here, before user code can replace it.
 */
import {
  VENDOR_BUNDLES,
  type HostMessage,
  type RuntimeMessage,
  type VendorBundle,
} from '../protocol/index.ts';
import { installConsoleCapture } from './console-capture.ts';
import { applyDocument, createVendorLoaders, injectCss, makeObjectUrl } from './document-env.ts';
import { errorMessage, installErrorCapture } from './errors.ts';
import { createGuardedCall } from './guarded-call.ts';
import { createLoopGuard } from './loop-guard.ts';
import { startHandshake } from './handshake.ts';
import { consoleHash } from './clock/tick-hashes.ts';
import { createRunLoop } from './clock/install.ts';
import { createConsoleLimit, ERROR_LIMITS } from './console-limit.ts';
import { createConsoleEval } from './console-eval.ts';
import { createGlobalNames } from './global-names.ts';
import { createOutbox, type ConsoleEntry } from './outbox.ts';
import { runProgram } from './run-program.ts';
import { apply } from './safe-reflect.ts';
import { installHistoryShim } from './history-shim.ts';
import { blockUnloadPrompt, UNLOAD_PROMPT_NOTE } from './unload-prompt.ts';
import { createFragmentNav } from './fragment-nav.ts';
import { installFragmentLinks } from './fragment-links.ts';
import { installStorageShim } from './storage-shim.ts';
import { installShortcutForward } from './shortcut-forward.ts';
import { framePolicy, installFocusGate } from './focus-gate.ts';
import { installNestedFrameGuard } from './nested-frame-focus.ts';
import { installNestedFrameSandbox } from './nested-frame-sandbox.ts';
import { PREVIEW_SANDBOX_FLAGS } from '../protocol/sandbox.ts';
import { createProbe, type RunProbe } from './probe/index.ts';
import { installProxyRegistry } from './proxy-registry.ts';
import { createTickSend } from './tick-send.ts';

const win = window;
const doc = document;
const portPost = MessagePort.prototype.postMessage;
const microtask = queueMicrotask.bind(win);
const realError = console.error.bind(console);
const realInfo = console.info;
/** Uncaught errors the browser's own console shows too (errors.ts). */
const ERRORS_FORWARDED = 100;
const createObjectURL = URL.createObjectURL.bind(URL);
const BlobCtor = Blob;
// On the real clock and microtask queue: the virtual clock replaces performance.now later.
// The run loop resets the budget at the start of every tick, so ticks replayed back to back
// in one real task each get the full budget.
const loopGuard = createLoopGuard({
  now: performance.now.bind(performance),
  queueMicrotask: microtask,
});
// Called through a variable, eval is indirect: module code runs in global scope. This file is
// itself evaluated by an inline script of preview.html, so code eval'd from here counts as the
// document's own script (errors are not muted to "Script error.").
const evaluate: (code: string) => unknown = globalThis.eval;
const FunctionCtor = Function;
const importUrl = evaluate('(url) => import(url)') as (url: string) => Promise<object>;
// Resolved now: a <base> in the project's <head> must not move them.
const vendorUrl = (bundle: VendorBundle) =>
  new URL(`preview/${bundle}-vendor.js`, doc.baseURI).href;
const vendorUrls = Object.fromEntries(
  (Object.keys(VENDOR_BUNDLES) as VendorBundle[]).map((b) => [b, vendorUrl(b)]),
) as Record<VendorBundle, string>;

let port: MessagePort | null = null;
const waiting: RuntimeMessage[] = [];
const post = (message: RuntimeMessage) => {
  if (!port) {
    waiting.push(message);
    return;
  }
  try {
    apply(portPost, port, [message]);
  } catch (err) {
    realError('playpen: could not post', message, err);
  }
};
const outbox = createOutbox(post, microtask);

// Before the run loop's input recorder, which blocks keys while paused.
installShortcutForward(win, (action) => outbox.send({ type: 'shortcut', action }));

// The program's focus() never takes the keys from the app (focus-gate.ts says what is refused).
installFocusGate(win, framePolicy(win));

let consoleCount = 0;
let consoleText = 0;
const realWarn = console.warn;
// Counted and hashed before the caps: a replay compares every call, sent or not.
const consoleLimit = createConsoleLimit({
  pass: (entry) => outbox.console(entry),
  dropped: (notice) => outbox.send({ type: 'console-dropped', ...notice }),
});
// Uncaught errors have caps of their own: a log flood never hides the error after it.
const errorLimit = createConsoleLimit<{ message: () => RuntimeMessage; tick: number }>({
  pass: ({ message, tick }) => {
    let made: RuntimeMessage;
    try {
      made = message();
    } catch {
      return; // Never let reporting throw inside the page's error handling.
    }
    // After the newest console calls held by the caps: the error came after them.
    consoleLimit.flush(false);
    outbox.send(made.type === 'error' ? { ...made, tick } : made);
  },
  dropped: (notice) => outbox.send({ type: 'console-dropped', ...notice, errors: true }),
  limits: ERROR_LIMITS,
});
const emitConsole = (entry: ConsoleEntry) => {
  consoleCount++;
  consoleText = consoleHash(consoleText, entry);
  consoleLimit.add({ ...entry, tick: runLoop.tick() }, runLoop.now());
};
// Straight to Playpen's console (and devtools): the program may have replaced console.warn.
const runtimeWarn = (text: string) => {
  emitConsole({ level: 'warn', args: [{ t: 'string', v: text }] });
  apply(realWarn, console, [text]);
};
/** A probed replay's probe (logpoints, line hits), from its `run` message. */
let probe: RunProbe | null = null;
const runLoop = createRunLoop(win, {
  consoleCount: () => consoleCount,
  consoleText: () => consoleText,
  send: createTickSend({
    held: [(idle) => consoleLimit.flush(idle), (idle) => errorLimit.flush(idle)],
    probe: () => probe,
    send: (message) => outbox.send(message),
  }),
  warn: (text) => runtimeWarn(text),
  tickStarted: (tick, replaying) => {
    probe?.startTick(tick);
    loopGuard.resetLoopBudget();
    consoleLimit.startTick(tick, runLoop.now());
    errorLimit.startTick(tick, runLoop.now());
    // Posted directly (not batched): a tick that never yields again must still be named.
    if (!replaying) post({ type: 'tick-started', tick });
  },
  // Posted directly: until the host takes focus back, the user's keys land in this frame.
  focusTaken: () => post({ type: 'focus-taken' }),
  // Posted directly: a replay waits for its frame's new size.
  viewport: (size) => post({ type: 'viewport', size }),
  evaluate: (source, prepared) => consoleEval(source, prepared),
});
// The console's own let/const/class. No prototype: a line's `toString` is not found on it.
const consoleScope = Object.create(null) as object;
// The console input's lines, evaluated in the global scope as the program's own code is.
const consoleEval = createConsoleEval({
  evaluate,
  FunctionCtor,
  emit: emitConsole,
  loopCheck: loopGuard.check,
  global: win,
  scope: consoleScope,
});
// What the console input completes; the window's prototypes are read now, before the program.
const globalNames = createGlobalNames(win, consoleScope);

// A form submitted without preventDefault(), location.reload() or a new location unloads this
// document and the runtime with it: said now, or the host takes the silence after for a hang.
// Added before any of the program's listeners, so it runs first. Not for a frame without a run:
// the host removes those itself.
apply(EventTarget.prototype.addEventListener, win, [
  'pagehide',
  () => {
    if (started) outbox.send({ type: 'navigated' });
  },
]);

installStorageShim(win);
blockUnloadPrompt(win, () => runtimeWarn(UNLOAD_PROMPT_NOTE));
// Fragment navigations (`location.hash = …`, `#` links) go through the in-memory history too.
const fragmentNav = createFragmentNav(win, installHistoryShim(win));
installConsoleCapture(console, { emit: emitConsole, now: () => performance.now() });
installErrorCapture(
  win,
  (message) => errorLimit.add({ message, tick: runLoop.tick() }, runLoop.now()),
  { limit: ERRORS_FORWARDED, note: (text) => apply(realInfo, console, [text]) },
);

// Before the program runs: it could replace EventTarget's methods the guard relies on.
const guardedCall = createGuardedCall(win);

// One loader per bundle and frame: a spare frame may load bundles before its run (`preload`).
const loadVendor = createVendorLoaders(win, vendorUrls, evaluate);

// A frame the program nests has a realm of its own, out of the focus gate's reach and the
// activation guard's: no dialogs or windows there, and no keyboard it was not given.
const nestedRoots = installNestedFrameSandbox(win, PREVIEW_SANDBOX_FLAGS, runtimeWarn);
const nestedFocusCheck = installNestedFrameGuard(win, runtimeWarn, nestedRoots.shadowRootOf);

let started = false;
function onHostMessage(event: MessageEvent): void {
  const data = event.data as HostMessage | null;
  if (typeof data !== 'object' || data === null) return;
  if (data.type === 'ping') {
    outbox.send({ type: 'pong', seq: data.seq });
  } else if (data.type === 'globals') {
    outbox.send({ type: 'globals', seq: data.seq, names: globalNames() });
  } else if (data.type === 'focus-check') {
    // Posted directly: until the host takes focus back, the user's keys land in the nested frame.
    if (nestedFocusCheck(Number(data.pointerAt), data.tabbed === true))
      post({ type: 'focus-taken' });
  } else if (data.type === 'preload' && !started) {
    // A failure here is not the program's: its run loads the bundle again and reports it.
    const known = Array.isArray(data.bundles) ? data.bundles.filter((b) => b in vendorUrls) : [];
    if (known.length) loadVendor(known).catch(() => {});
  } else if (data.type === 'run' && !started) {
    // One run per iframe: a new run gets a fresh iframe.
    started = true;
    const { seed, startTime, replay } = data;
    if (typeof data.loopBudgetMs === 'number') loopGuard.setBudget(data.loopBudgetMs);
    // Compiled now, before any of the program's code runs.
    if (data.probes) {
      probe = createProbe(data.probes, {
        global: win,
        now: () => runLoop.now(),
        send: (message) => outbox.send(message),
      });
    }
    // A replay evaluates at the viewport the live run had at tick 0 (the host sized the frame).
    runLoop.whenSized(
      replay?.viewport,
      () =>
        void runProgram(data.program, {
          beforeEvaluate: () => {
            runLoop.install(seed, startTime, replay, data.speed);
            // After the input recorder: clicks a paused preview blocks never reach it.
            installFragmentLinks(win, fragmentNav);
            // Last, in every run (live and probed alike): only the program's proxies are known.
            installProxyRegistry(win);
          },
          applyDocument: (program) => applyDocument(doc, program),
          loadVendor,
          importUrl,
          evaluate,
          injectCss: (css, id) => injectCss(doc, css, id),
          objectUrl: (bytes, mime) => makeObjectUrl(bytes, mime, createObjectURL, BlobCtor),
          loopGuard: loopGuard.check,
          fragmentNav: fragmentNav.wrap,
          probe: probe?.module,
          send: (message) => outbox.send(message),
          logError: realError,
          guard: guardedCall,
        })
          .catch((err: unknown) => outbox.send(errorMessage('uncaught', err)))
          .finally(() => runLoop.evaluated(replay)),
    );
  } else if (
    data.type === 'play' ||
    data.type === 'pause' ||
    data.type === 'step' ||
    data.type === 'run-until' ||
    data.type === 'evaluate'
  ) {
    runLoop.control(data);
  }
}

startHandshake(win, (connected) => {
  port = connected;
  port.onmessage = onHostMessage;
  for (const message of waiting.splice(0)) post(message);
  outbox.send({ type: 'ready' });
});
