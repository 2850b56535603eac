// theme-early.js: a classic script in <head>, run before the first paint, so a dark page (or a
// transparent embed) is never first painted light and opaque. It reads only what the first paint
// needs from the link (`theme`, `transparent`) and the reader's colour preference; page-params.js
// validates the link (and reports bad values) once the page code runs, and page-view.js keeps
// these attributes current from then on.
(function () {
  var query = new URLSearchParams(location.search);
  var theme = query.get('theme');
  var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  if (/^(1|true|on|yes)$/i.test(query.get('transparent') || '')) document.documentElement.dataset.transparent = 'true';
})();
