import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { EmbedLayout } from './EmbedLayout';
import type { Session } from './session';
import './app.css';

/** Renders the app (or the embed layout) for a started session into `container`. */
export function mountApp(container: HTMLElement, session: Session): void {
  const queryClient = new QueryClient();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {session.startup.embed ? <EmbedLayout session={session} /> : <App session={session} />}
      </QueryClientProvider>
    </StrictMode>,
  );
}
