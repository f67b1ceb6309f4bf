// Applies the stored theme and language before the first paint, so the page never flashes the
// wrong colours. The build writes it into index.html (inline-first-paint.ts); the server's
// Content-Security-Policy allows it by its hash, and no other inline script.
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
