// Prerendered pages (issue 17): the page's content is in the HTML, so the shell's code is started
// only once that content has been painted — the first paint never waits for the code, nor competes
// with it for the phone's processor. The edge puts this script where the shell's entry was, with
// the entry's address in data-src.
(function () {
  var current = document.currentScript;
  var src = current && current.getAttribute('data-src');
  if (!src) return;
  function start() {
    var script = document.createElement('script');
    script.src = src;
    document.body.appendChild(script);
  }
  // The callback of the next frame runs before that frame is painted; the timeout after it.
  if (window.requestAnimationFrame) window.requestAnimationFrame(function () { setTimeout(start, 0); });
  else setTimeout(start, 0);
})();
