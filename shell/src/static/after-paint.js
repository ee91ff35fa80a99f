// Prerendered pages: the page's content is in the HTML, so the shell's code is started
// only once that content has been painted — the first paint never waits for the code, nor competes
// with it for the phone's processor. The edge writes this script into the page where the shell's
// entry was (in the head, so it runs before anything can be tapped), with the entry's address in
// data-src, and allows exactly it in the page's Content-Security-Policy (by its hash).
//
// Until the shell takes over (app/early-input.ts), a tap or a submit on the page does nothing by
// itself: the last button tapped is kept for the shell to tap again once the page is live, and no
// form is submitted by the browser.
(function () {
  var current = document.currentScript;
  var src = current && current.getAttribute('data-src');
  var early = { tap: null, done: false };
  window.__glEarlyInput = early;
  // Written into the head, this runs before the page below it is read: the root is looked up at each event.
  function inRoot(node) {
    var root = document.getElementById('root');
    return !!(root && node && root.contains(node));
  }
  document.addEventListener(
    'click',
    function (event) {
      var button = !early.done && event.target && event.target.closest ? event.target.closest('button') : null;
      if (button && inRoot(button)) early.tap = button;
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (!early.done && inRoot(event.target)) event.preventDefault();
    },
    true,
  );
  if (!src) return;
  function start() {
    var script = document.createElement('script');
    script.src = src;
    document.body.appendChild(script);
  }
  // The callback of the next frame runs before that frame is painted; the timeout after it.
  function afterPaint() {
    if (window.requestAnimationFrame)
      window.requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    else setTimeout(start, 0);
  }
  // In the head, the page is not read yet: the shell starts once it is (as a deferred script would).
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})();
