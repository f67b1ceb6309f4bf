// Asks for the site's code once the first screen is painted and its picture has arrived
// (decision 0050). Over HTTP/1.1 a phone's connections share the link evenly whatever each
// request's priority, so code asked for with the page took most of a slow link from the banner;
// the first screen needs no script (the server paints it). The build writes this file into
// index.html (inline-first-paint.ts) with the files on its data attributes; the server's
// Content-Security-Policy allows it by its hash.
(() => {
  const self = document.currentScript;
  const entry = self.dataset.entry;
  const preload = self.dataset.preload ? self.dataset.preload.split(' ') : [];
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    for (const href of preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  const picture = document.querySelector('#root img.first-banner');
  let painted = false;
  const ready = () => {
    if (painted && (!picture || picture.complete)) ask();
  };
  if (picture) {
    picture.addEventListener('load', ready);
    picture.addEventListener('error', ready);
  }
  const onPaint = () => {
    painted = true;
    ready();
  };
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) onPaint();
    }).observe({ type: 'paint', buffered: true });
  } else {
    // A browser without paint timing: the frame after the next one has been painted.
    requestAnimationFrame(() => setTimeout(onPaint));
  }
  // A tab opened in the background paints nothing, and a picture can stall: the code comes anyway.
  setTimeout(ask, 2500);
})();
