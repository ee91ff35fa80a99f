// A prerendered page (issue 17) shows its forms before it is live: on slow 4G a visitor may type
// into /login, the calculator or the contact form before the remote has loaded. Hydration keeps
// that text in the boxes, but React's state still holds what the page was rendered with, so a
// submit would send nothing. Once the page is hydrated, each text field whose value differs from
// the one it was rendered with is told to React as an input event — as if typed now.

const NOT_TEXT = new Set(['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'hidden']);

export function replayTypedInput(root: ParentNode) {
  // Read them all first: each event re-renders the form, which puts every other controlled field
  // back to its state.
  const typed = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((field) => !(field instanceof HTMLInputElement && NOT_TEXT.has(field.type)) && field.value !== field.defaultValue)
    .map((field) => [field, field.value] as const);
  for (const [field, text] of typed) {
    // React watches the value through the element's own setter: back to what it rendered…
    field.value = field.defaultValue;
    // …then the typed text through the prototype's, which React does not see, and the event.
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Every form of the site is handled by its page's code; none is ever submitted by the browser. A
 * prerendered form can be tapped before its code has run: the browser's own submission would
 * reload the page (or, without `method="post"`, put the fields into the address). From the moment
 * the shell runs, the browser's submission is cancelled; the page's handler still sees the event.
 */
export function keepFormsInPage(root: HTMLElement) {
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && root.contains(event.target)) event.preventDefault();
    },
    true,
  );
}
