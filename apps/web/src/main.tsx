import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from './app/app.tsx';
import { brandCssVariables } from './components/brand.ts';
import './components/light/light-controls.css';

for (const [name, value] of Object.entries(brandCssVariables)) document.documentElement.style.setProperty(name, value);

// The router and the first screen's calls start as this script runs; the page is first drawn in a
// task of its own just after, so a phone has two shorter tasks rather than one long one (issue 54).
const started = startApp();
setTimeout(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App {...started} />
    </StrictMode>,
  ),
);

// The web app manifest's link and the service worker come a few seconds after the page has loaded,
// when the browser is idle: the first screen waits for none of it. The build leaves the manifest's
// link out of the page, where the browser would have fetched it and its icons beside the screen's
// scripts; the worker comes in a chunk of its own, and the files it keeps are fetched while the
// student is not waiting for anything else. `import.meta.url` is this script's built address,
// naming this version.
if (import.meta.env.PROD) {
  const installable = () => {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: '/manifest.webmanifest' }));
    if ('serviceWorker' in navigator) void import('./app/register-service-worker.ts').then((worker) => worker.registerServiceWorker(import.meta.url));
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(installable, { timeout: 5000 }) : installable());
  window.addEventListener('load', () => setTimeout(whenIdle, 3000), { once: true });
}
