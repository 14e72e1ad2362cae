import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App';
import { createSession } from './app/session';
import { installBenchHook } from './app/bench-hook';
import './app/app.css';

const queryClient = new QueryClient();
const session = createSession();
installBenchHook(session);
session.persistence.bindPage(window);
await session.persistence.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App session={session} />
    </QueryClientProvider>
  </StrictMode>,
);
