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
 *
 * What is in the boxes is read now; the function returned tells it (true when every field was
 * reached). Read in the hydration's commit, before any render can put a box back to the value React
 * holds; told right after it, outside React's own work, so that each event is rendered before the
 * next one as the visitor's own would be (a form that builds its state from the render before sees
 * every field).
 */
export function readEarlyInput(root: ParentNode): () => boolean {
  // A field whose replay React received is done with; one in a part not yet hydrated (React holds
  // the event back, and drops it) is tried again by the next call. True when none is left.
  // Read them all first: each event re-renders the form, which puts every other controlled field
  // back to its state.
  const fields = [
    ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
  ].filter((field) => !replayed.has(field));
  const changed = fields.flatMap((field): [Element, () => void][] => {
    if (field instanceof HTMLSelectElement) {
      const chosen = field.value;
      if (field.multiple || chosen === renderedValue(field)) return [];
      return [
        [
          field,
          () => {
            field.value = chosen;
            field.dispatchEvent(new Event('change', { bubbles: true }));
          },
        ],
      ];
    }
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A radio button unchosen by choosing another one follows that one.
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return [];
      return [
        [
          field,
          () => {
            // Back to what React rendered (through the element's own setter, which React watches);
            // the click then does what the visitor's did.
            field.checked = field.defaultChecked;
            field.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
          },
        ],
      ];
    }
    if (field instanceof HTMLInputElement && NOT_TEXT.has(field.type)) return [];
    if (field.value === field.defaultValue) return [];
    const text = field.value;
    return [
      [
        field,
        () => {
          // React watches the value through the element's own setter: back to what it rendered…
          field.value = field.defaultValue;
          // …then the typed text through the prototype's, which React does not see, and the event.
          const proto =
            field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
          Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, text);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        },
      ],
    ];
  });
  return () => {
    let left = false;
    for (const [field, replay] of changed) {
      if (reachesTarget(field, replay)) replayed.add(field);
      else left = true;
    }
    return !left;
  };
}

/** Reads and tells at once (see readEarlyInput); true when every field was reached. */
export const replayEarlyInput = (root: ParentNode): boolean => readEarlyInput(root)();

/**
 * Whether the event `dispatch` sends to `target` gets there: React stops an event at the root while
 * the part it is in is not hydrated yet (and does not replay it).
 */
function reachesTarget(target: Element, dispatch: () => void): boolean {
  let received = false;
  const note = () => (received = true);
  const types = ['input', 'change', 'click'];
  for (const type of types) target.addEventListener(type, note);
  replaying = true;
  try {
    dispatch();
  } finally {
    replaying = false;
    for (const type of types) target.removeEventListener(type, note);
  }
  return received;
}

let replaying = false;

const replayed = new WeakSet<Element>();

/** The insertions whose text a box should hold once its input event comes (typed, pasted, dropped, picked). */
const INSERTIONS = new Set(['insertText', 'insertFromPaste', 'insertFromDrop', 'insertReplacementText']);

/**
 * While the page comes alive, text put into a box can be taken out again before React hears of it: a keystroke can
 * make React hydrate the page at once, inside the keystroke's `beforeinput` (before the text is in the box, so the
 * commit's read finds nothing), and a render right after puts the box back to the value React holds before the
 * text's `input` event is handed over; the event then finds the box as it was, React sees no change, and the text
 * is gone (measured: 2 rounds in 39 of a slow-phone sweep on /sign-up lost the e-mail address).
 *
 * From now until the function returned is called, the text a `beforeinput` announced is remembered, and when the
 * box's `input` event comes and finds the box just as it was before, the text is put back before React reads the
 * box (these listeners are on the window, in the capturing phase: ahead of React's on the page's root). The text
 * goes where the selection was; for a box that has no selection to read (e-mail, number), only into an empty box.
 * A box that refuses the text by itself (its maximum length) is left alone.
 */
export function keepInsertedText(): () => void {
  const announced = new WeakMap<EventTarget, { before: string; after: string }>();
  const onBeforeInput = (event: Event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement)) return;
    announced.delete(box);
    const e = event as InputEvent;
    const text = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
    if (!INSERTIONS.has(e.inputType) || text === '') return;
    const before = box.value;
    let start: number | null = null;
    let end: number | null = null;
    try {
      start = box.selectionStart;
      end = box.selectionEnd;
    } catch {
      // An e-mail or number box has no selection to read.
    }
    const after =
      start === null ? (before === '' ? text : null) : before.slice(0, start) + text + before.slice(end ?? start);
    if (after === null || (box.maxLength >= 0 && after.length > box.maxLength)) return;
    announced.set(box, { before, after });
  };
  const onInput = (event: Event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement)) return;
    const kept = announced.get(box);
    announced.delete(box);
    if (!kept || box.value !== kept.before) return;
    // Through the prototype's setter, which React does not watch: React compares the box with what it rendered,
    // and hears the change.
    const proto = box instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(box, kept.after);
  };
  window.addEventListener('beforeinput', onBeforeInput, true);
  window.addEventListener('input', onInput, true);
  return () => {
    window.removeEventListener('beforeinput', onBeforeInput, true);
    window.removeEventListener('input', onInput, true);
  };
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

/**
 * Taps a button kept by keepEarlyTap, if it is still on the page and enabled (now with its handler).
 * False when the tap did not reach it (its part of the page is not hydrated yet): to be tried again.
 */
export function tapAgain(button: HTMLButtonElement | undefined): boolean {
  if (!button?.isConnected || button.disabled) return true;
  return reachesTarget(button, () => button.click());
}

/**
 * Keeps the button handed over by keepEarlyTap to be tapped again later (the function returned
 * does it; false when it did not reach the button yet). From the hydration on, React delivers a tap
 * on a hydrated part: the visitor has said what they want now, and the kept tap is dropped. A tap
 * on a part not hydrated yet (a Suspense boundary whose code is not in yet) React stops at the
 * root and drops: that button is kept instead, and `retry` is called to tap it again later.
 */
export function tapAgainLater(
  root: HTMLElement,
  button: HTMLButtonElement | undefined,
  retry: () => void,
): () => boolean {
  let kept = button;
  const watch = (event: MouseEvent) => {
    if (replaying) return;
    // The visitor has tapped since: the kept tap is done with, unless this one does not get through
    // (it may also hydrate the page at once, whose commit asks for the kept tap before this tap
    // reaches its button).
    kept = undefined;
    const tapped = event.target instanceof Element ? event.target.closest('button') : null;
    if (!tapped || !root.contains(tapped)) return;
    // Listened to on the button itself: only a tap React lets through gets there.
    let reached = false;
    const mark = () => (reached = true);
    tapped.addEventListener('click', mark, { once: true });
    setTimeout(() => {
      tapped.removeEventListener('click', mark);
      kept = reached ? undefined : tapped;
      if (!reached) retry();
    }, 0);
  };
  document.addEventListener('click', watch, true);
  return () => {
    if (!tapAgain(kept)) return false;
    kept = undefined;
    return true;
  };
}
