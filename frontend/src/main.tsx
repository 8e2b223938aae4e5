import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getRootElement } from './root';
import './styles/global.css';

createRoot(getRootElement(document)).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
