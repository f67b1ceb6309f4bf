// Applies the stored theme and language before the first paint, so the back office never flashes
// the wrong colours. An external file because its Content-Security-Policy forbids inline scripts.
(() => {
  try {
    const theme = localStorage.getItem('admin.theme');
    document.documentElement.setAttribute('data-theme', theme === 'dark' ? 'dark' : 'light');
    const lang = localStorage.getItem('admin.lang');
    if (lang === 'bn' || lang === 'en') document.documentElement.setAttribute('lang', lang);
  } catch {
    // Storage blocked: the defaults in index.html stay.
  }
})();
