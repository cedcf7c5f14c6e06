import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { brandCssVariables } from './components/brand.ts';
import './components/light-controls/light-controls.css';

for (const [name, value] of Object.entries(brandCssVariables)) document.documentElement.style.setProperty(name, value);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker comes a few seconds after the page has loaded, when the browser is idle, in a
// chunk of its own: the first screen waits for none of it, and the files it keeps are fetched while
// the student is not waiting for anything else. `import.meta.url` is this script's built address,
// naming this version.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./app/register-service-worker.ts').then((worker) => worker.registerServiceWorker(import.meta.url));
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : register());
  window.addEventListener('load', () => setTimeout(whenIdle, 3000), { once: true });
}
