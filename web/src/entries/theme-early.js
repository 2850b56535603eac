// theme-early.js: a classic script in <head>, run before the first paint, so a dark page (or a
// transparent embed) is never first painted light and opaque. It reads only what the first paint
// needs from the link (`theme`, `transparent`, `embed`) and the reader's colour preference;
// page-params.js validates the link (and reports bad values) once the page code runs, and
// page-view.js keeps these attributes current from then on. A playground link with embed=1 is the
// embed view: the page stops loading and goes to embed.html with the same link, so no page holds a
// panel it hides.
(function () {
  var query = new URLSearchParams(location.search);
  /** @param {string} name */
  var yes = function (name) { return /^(1|true|on|yes)$/i.test((query.get(name) || '').trim()); };
  var root = document.documentElement;
  if (yes('embed') && root.dataset.embed !== 'true') {
    // Nothing more of this page is read or fetched (no icon, no module) before it is replaced.
    window.stop();
    location.replace(new URL('embed.html' + location.search + location.hash, location.href).href);
    return;
  }
  var theme = query.get('theme');
  var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.dataset.theme = dark ? 'dark' : 'light';
  if (yes('transparent')) root.dataset.transparent = 'true';
})();
