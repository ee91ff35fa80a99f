// What a visitor does on a prerendered page before it is live: on slow 4G the page is
// on screen a moment before its code has run. What was typed, chosen or ticked meanwhile is told
// to React once the page is hydrated; the last button tapped meanwhile is tapped again then; and
// no form is ever submitted by the browser itself.

const NOT_TEXT = new Set(['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'hidden']);

/** The value a select was rendered with: its option marked selected in the HTML, else the first. */
const renderedValue = (select: HTMLSelectElement) =>
  ([...select.options].find((o) => o.defaultSelected) ?? select.options[0])?.value ?? '';

/**
 * Hydration keeps what the visitor did in the boxes, but React's state still holds what the page
 * was rendered with, so a submit would send nothing (and the next render would undo it). Each field
 * whose value differs from the one it was rendered with is told to React, as if done now: text as
 * an input event, a choice in a list as a change, a ticked box or radio button as a click.
 */
export function replayEarlyInput(root: ParentNode) {
  // Read them all first: each event re-renders the form, which puts every other controlled field
  // back to its state.
  const fields = [
    ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
  ];
  const changed = fields.flatMap((field): (() => void)[] => {
    if (field instanceof HTMLSelectElement) {
      const chosen = field.value;
      if (field.multiple || chosen === renderedValue(field)) return [];
      return [
        () => {
          field.value = chosen;
          field.dispatchEvent(new Event('change', { bubbles: true }));
        },
      ];
    }
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A radio button unchosen by choosing another one follows that one.
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return [];
      return [
        () => {
          // Back to what React rendered (through the element's own setter, which React watches);
          // the click then does what the visitor's did.
          field.checked = field.defaultChecked;
          field.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        },
      ];
    }
    if (field instanceof HTMLInputElement && NOT_TEXT.has(field.type)) return [];
    if (field.value === field.defaultValue) return [];
    const text = field.value;
    return [
      () => {
        // React watches the value through the element's own setter: back to what it rendered…
        field.value = field.defaultValue;
        // …then the typed text through the prototype's, which React does not see, and the event.
        const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      },
    ];
  });
  for (const replay of changed) replay();
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

/** What `after-paint.js` (the edge starts the shell through it) kept before the shell ran. */
interface EarlyInput {
  tap: HTMLButtonElement | null;
  done: boolean;
}

declare global {
  var __glEarlyInput: EarlyInput | undefined;
}

/**
 * Remembers the last button tapped inside `root` before the page is live (a tap then does nothing:
 * no handler is attached yet), from before the shell ran (`after-paint.js`) too. The function
 * returned stops listening and hands that button over, to be tapped again once the page is live
 * (`tapAgain`). It is called just before the hydration starts: from then on React itself keeps
 * and replays a tap, so counting it here too would do it twice.
 */
export function keepEarlyTap(root: HTMLElement): () => HTMLButtonElement | undefined {
  const early = globalThis.__glEarlyInput;
  let tapped: HTMLButtonElement | undefined = early?.tap ?? undefined;
  const remember = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && root.contains(button)) tapped = button;
  };
  document.addEventListener('click', remember, true);
  return () => {
    document.removeEventListener('click', remember, true);
    if (early) early.done = true;
    const button = tapped;
    tapped = undefined;
    return button;
  };
}

/** Taps a button kept by keepEarlyTap, if it is still on the page and enabled (now with its handler). */
export function tapAgain(button: HTMLButtonElement | undefined) {
  if (button?.isConnected && !button.disabled) button.click();
}
