// Applies the stored theme before the first paint (an external file: the CSP forbids inline scripts).
(function () {
  try {
    var t = localStorage.getItem('theme');
    if (t !== 'dark' && t !== 'light') t = 'dark';
    document.documentElement.setAttribute('data-theme', t);
    var l = localStorage.getItem('lang');
    if (l) document.documentElement.setAttribute('lang', l);
  } catch (e) {}
})();
