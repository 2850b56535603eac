// recorder.js: loaded first in every page by the test server for engines whose driver cannot hear
// the page's console (WebKitWebDriver speaks classic WebDriver only, no BiDi log events). Records
// what the other drivers report natively: console errors and warnings, uncaught errors, unhandled
// rejections, resources that failed to load and CSP violations, into window.__ik2dProblems.
(() => {
  const problems = [];
  Object.defineProperty(window, '__ik2dProblems', { value: problems });
  const text = (value) => (value instanceof Error ? value.message : String(value));
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      problems.push(`console.${level === 'warn' ? 'warning' : level}: ${args.map(text).join(' ')}`);
      original(...args);
    };
  }
  window.addEventListener('error', (event) => {
    const source = event.target;
    if (source && source !== window && 'src' in source) problems.push(`request failed: ${source.src || source.href}`);
    // Uncaught errors only, as the other drivers report them: not an 'error' event that the page's
    // own code dispatches on an element (an <ik2d-scene> that cannot start says so with one).
    else if (event instanceof ErrorEvent) problems.push(`page error: ${text(event.error ?? event.message)}`);
  }, true);
  window.addEventListener('unhandledrejection', (event) => problems.push(`page error: ${text(event.reason)}`));
  document.addEventListener('securitypolicyviolation', (event) => {
    problems.push(`console.error: CSP blocked ${event.blockedURI} (${event.violatedDirective})`);
  });
})();
