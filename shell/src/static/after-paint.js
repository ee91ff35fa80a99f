// Prerendered pages: the page's content is in the HTML, so the shell's code is started
// only once that content has been painted — the first paint never waits for the code, nor competes
// with it for the phone's processor. The edge puts this script where the shell's entry was, with
// the entry's address in data-src.
//
// Until the shell takes over (app/early-input.ts), a tap or a submit on the page does nothing by
// itself: the last button tapped is kept for the shell to tap again once the page is live, and no
// form is submitted by the browser.
(function () {
  var current = document.currentScript;
  var src = current && current.getAttribute('data-src');
  var root = document.getElementById('root');
  var early = { tap: null, done: false };
  window.__glEarlyInput = early;
  document.addEventListener(
    'click',
    function (event) {
      var button = !early.done && event.target && event.target.closest ? event.target.closest('button') : null;
      if (button && root && root.contains(button)) early.tap = button;
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (!early.done && root && root.contains(event.target)) event.preventDefault();
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
  if (window.requestAnimationFrame)
    window.requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  else setTimeout(start, 0);
})();
