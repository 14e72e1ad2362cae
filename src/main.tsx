import { createSession } from './app/session';
import { installBenchHook } from './app/bench-hook';
import { decideStartup, reloadOnNewPermalink } from './app/startup';
import { loadMonaco } from './editor/load-monaco';
import { stopProgramMessages } from './app/stop-program-messages';
import { connectSdkEmbed } from './app/sdk-embed';

// Before any other listener of the window's messages: what a program posts to `parent` is
// stopped unread.
stopProgramMessages(window);

// This entry holds no React: the editor's chunks, the session's bundler worker (compiling
// esbuild's wasm) and the restore from IndexedDB start while React and the UI download and
// compile, instead of after them. The editor awaits the same Monaco promise. index.html lists
// the editor's and the UI's chunks as preloads (scripts/preload-startup-chunks.ts): they download
// alongside this entry's own graph, not once it has run.
void loadMonaco().catch(() => {});
const ui = import('./app/mount');

// A host page driving this embed through the SDK gives its project first (sdk-embed.ts).
const sdk = await connectSdkEmbed(window);
const startup = sdk?.startup ?? decideStartup(window.location.href);
const session = createSession(startup);
reloadOnNewPermalink(window);
installBenchHook(session);
session.persistence.bindPage(window);
await session.persistence.start();
// The first run's program is looked up (or its build asked for) while the UI loads.
session.runFirst();

const { mountApp } = await ui;
mountApp(document.getElementById('root')!, session);
sdk?.serve(session);
