import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { EmbedLayout } from './EmbedLayout';
import type { Session } from './session';
import './app.css';

/** Renders the app (or the embed layout) for a started session into `container`. */
export function mountApp(container: HTMLElement, session: Session): void {
  createRoot(container).render(
    <StrictMode>
      {session.startup.embed ? <EmbedLayout session={session} /> : <App session={session} />}
    </StrictMode>,
  );
}
