// Applies the stored theme and language before the first paint, so the page never flashes the
// wrong colours. An external file because the Content-Security-Policy forbids inline scripts.
(() => {
  try {
    const theme = localStorage.getItem('theme');
    document.documentElement.setAttribute('data-theme', theme === 'light' ? 'light' : 'dark');
    const lang = localStorage.getItem('lang');
    if (lang) document.documentElement.setAttribute('lang', lang);
  } catch {
    // Storage blocked: the defaults in index.html stay.
  }
})();
