import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App';
import { createSession } from './app/session';
import { installBenchHook } from './app/bench-hook';
import { decideStartup, reloadOnNewPermalink } from './app/startup';
import { EmbedLayout } from './app/EmbedLayout';
import { loadMonaco } from './editor/load-monaco';
import './app/app.css';

// The editor's chunks download and compile while saved work is restored (an IndexedDB read)
// and React renders the shell, instead of after; the editor awaits the same promise.
void loadMonaco().catch(() => {});

const queryClient = new QueryClient();
const startup = decideStartup(window.location.href);
const session = createSession(startup);
reloadOnNewPermalink(window);
installBenchHook(session);
session.persistence.bindPage(window);
await session.persistence.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {startup.embed ? <EmbedLayout session={session} /> : <App session={session} />}
    </QueryClientProvider>
  </StrictMode>,
);
