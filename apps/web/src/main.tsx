import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/app.tsx';

// Zod's fast path probes `new Function`, which our Content Security Policy (no 'unsafe-eval') reports
// as a violation on every page that validates a form. Validation works the same without it.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
