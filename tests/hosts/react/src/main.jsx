// The React host's entry: <ik2d-scene> is defined by importing the package's element, as any app
// does, then React renders the app. A policy violation would be reported to the page's console by
// the browser; the app also keeps them in window.cspViolations, for the browser tests to read.
import 'ik2d/element';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.jsx';
import './app.css';

/** @type {string[]} */
const violations = [];
Object.defineProperty(window, 'cspViolations', { value: violations });
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});

const theme = new URLSearchParams(location.search).get('theme');
createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App dark={theme === 'dark'} />
  </StrictMode>,
);
