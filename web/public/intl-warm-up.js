// A page's first formatted number or date costs a phone about 100 ms of setting up the browser's
// locale data, in one piece. Asked for here, while the stylesheet is still on its way, that cost is
// paid before the first paint rather than in the middle of the app taking the page over. (A file,
// not an inline script, because the page's script-src policy allows only files of this origin.)
(function (language) {
  try {
    new Intl.NumberFormat(language).format(0);
    new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(0);
  } catch {
    // A language the browser does not know: the app falls back to English on its own.
  }
})(document.documentElement.lang || 'en');
