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
