// What a visitor does on a prerendered page before it is live is not lost.
import { act, useLayoutEffect, useState, type FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  keepEarlyTap,
  keepFormsInPage,
  keepInsertedText,
  readEarlyInput,
  replayEarlyInput,
  tapAgain,
  tapAgainLater,
} from '../early-input';

// Rendered and hydrated with React's own act (not Testing Library's): React is told this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Form() {
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('100');
  const [message, setMessage] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [card, setCard] = useState('amazon');
  return (
    <form>
      <input aria-label="name" value={name} onChange={(e) => setName(e.target.value)} />
      <input aria-label="amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <textarea aria-label="message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <input aria-label="agree" type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <select aria-label="card" value={card} onChange={(e) => setCard(e.target.value)}>
        <option value="amazon">Amazon</option>
        <option value="steam">Steam</option>
      </select>
      <output>{JSON.stringify({ name, amount, message, agreed: String(agreed), card })}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

async function hydrateAfterTyping(type: (c: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.appendChild(container);
  type(container);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <Form />, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  return container;
}

const state = (c: HTMLElement) => JSON.parse(c.querySelector('output')!.textContent!) as Record<string, string>;
const field = (c: HTMLElement, label: string) => c.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;

test('without the replay, React does not know what was typed (what this module is for)', async () => {
  const c = await hydrateAfterTyping((c) => (field(c, 'name').value = 'Ada'));
  expect(field(c, 'name').value).toBe('Ada');
  expect(state(c).name).toBe('');
});

test(
  'typed text, a changed pre-filled value, a textarea, a ticked box and a chosen option reach the ' + 'state',
  async () => {
    const c = await hydrateAfterTyping((c) => {
      field(c, 'name').value = 'Ada';
      field(c, 'amount').value = '250';
      (c.querySelector('textarea') as HTMLTextAreaElement).value = 'Where is my payout?';
      field(c, 'agree').checked = true;
      (field(c, 'card') as unknown as HTMLSelectElement).value = 'steam';
    });
    await act(async () => replayEarlyInput(c));
    expect(state(c)).toEqual({
      name: 'Ada',
      amount: '250',
      message: 'Where is my payout?',
      agreed: 'true',
      card: 'steam',
    });
    expect(field(c, 'agree').checked).toBe(true);
    expect((field(c, 'card') as unknown as HTMLSelectElement).value).toBe('steam');
    expect([field(c, 'name').value, field(c, 'amount').value]).toEqual(['Ada', '250']);
  },
);

test('nothing typed: no event, nothing changes', async () => {
  const c = await hydrateAfterTyping(() => undefined);
  const events: string[] = [];
  c.addEventListener('input', (e) => events.push((e.target as HTMLInputElement).getAttribute('aria-label')!));
  await act(async () => replayEarlyInput(c));
  expect(events).toEqual([]);
  expect(state(c)).toEqual({ name: '', amount: '100', message: '', agreed: 'false', card: 'amazon' });
});

test(
  'a form inside the app is never submitted by the browser, before or after its code runs; its handler ' + 'still runs',
  async () => {
    const app = document.createElement('div');
    app.innerHTML = '<form method="post"><input name="password" value="secret"><button>Login</button></form>';
    const outside = document.createElement('form');
    document.body.append(app, outside);
    keepFormsInPage(app);
    const handled: boolean[] = [];
    app.addEventListener('submit', (e) => handled.push(e.defaultPrevented));
    const inside = app.querySelector('form')!;
    const submit = (form: HTMLFormElement) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit(inside)).toBe(true);
    expect(handled).toEqual([true]);
    expect(submit(outside)).toBe(false);
  },
);

test(
  'the last button tapped before the page is live is tapped again once it is; a link, a button outside, or a tap ' +
    'after the hand-over are not',
  async () => {
    const app = document.createElement('div');
    app.innerHTML =
      '<button id="google">Google</button><button id="apple">Apple</button><a href="#x"><span ' +
      'id="in-link">link</span></a>';
    const outside = document.createElement('button');
    document.body.append(app, outside);
    const take = keepEarlyTap(app);
    app.querySelector<HTMLButtonElement>('#google')!.click();
    app.querySelector<HTMLButtonElement>('#apple')!.click();
    outside.click();
    app.querySelector<HTMLElement>('#in-link')!.click();
    const tapped = take();
    // Handed over (the hydration starts): React's own from here, not counted again.
    app.querySelector<HTMLButtonElement>('#google')!.click();
    const clicked: string[] = [];
    app.addEventListener('click', (e) => clicked.push((e.target as Element).id));
    tapAgain(tapped);
    expect(clicked).toEqual(['apple']);
  },
);

test('a button gone or disabled by then is not tapped', () => {
  const app = document.createElement('div');
  app.innerHTML = '<button id="a">A</button><button id="b">B</button>';
  document.body.append(app);
  const clicked: string[] = [];
  app.addEventListener('click', (e) => clicked.push((e.target as Element).id));
  const [a, b] = [...app.querySelectorAll('button')];
  b!.disabled = true;
  a!.remove();
  tapAgain(a);
  tapAgain(b);
  tapAgain(undefined);
  expect(clicked).toEqual([]);
});

test('a tap kept before the shell ran (after-paint.js) is handed over too', () => {
  const app = document.createElement('div');
  app.innerHTML = '<button id="login">Login</button>';
  document.body.append(app);
  const early = { tap: app.querySelector('button'), done: false };
  globalThis.__glEarlyInput = early;
  const take = keepEarlyTap(app);
  expect(take()).toBe(early.tap);
  expect(early.done).toBe(true);
  globalThis.__glEarlyInput = undefined;
});

test('what was typed survives a render right after the hydration when it is replayed at once', async () => {
  // The rate sheet's data is checked once after the hydration: that render must not wipe the search.
  let rerender: () => void = () => undefined;
  function Page() {
    const [, setTick] = useState(0);
    rerender = () => setTick((t) => t + 1);
    return <Form />;
  }
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.appendChild(container);
  field(container, 'name').value = 'steam gbp';
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
  let told = false;
  act(() => {
    told = replayEarlyInput(container);
  });
  expect(told).toBe(true);
  act(() => rerender());
  expect(field(container, 'name').value).toBe('steam gbp');
  expect(state(container).name).toBe('steam gbp');
  // Told once: a second call (the idle one) sends nothing again.
  const events: string[] = [];
  container.addEventListener('input', () => events.push('input'));
  act(() => {
    told = replayEarlyInput(container);
  });
  expect(told).toBe(true);
  expect(events).toEqual([]);
});

test('a replay React holds back (its part not hydrated yet) is reported, to be tried again', () => {
  const app = document.createElement('div');
  app.innerHTML = '<input aria-label="name" value="">';
  document.body.append(app);
  field(app, 'name').value = 'Ada';
  // As React does at its root for an event from a part not yet hydrated.
  const stop = (e: Event) => e.stopPropagation();
  app.addEventListener('input', stop, true);
  expect(replayEarlyInput(app)).toBe(false);
  app.removeEventListener('input', stop, true);
  expect(replayEarlyInput(app)).toBe(true);
});

test('a kept tap is done once, later; not at all when the visitor has tapped since', async () => {
  const app = document.createElement('div');
  app.innerHTML = '<button id="menu">Menu</button><button id="other">Other</button>';
  document.body.append(app);
  const button = app.querySelector<HTMLButtonElement>('#menu')!;
  const clicked: string[] = [];
  button.addEventListener('click', () => clicked.push('tap'));
  const later = tapAgainLater(app, button, () => undefined);
  expect(later()).toBe(true);
  expect(later()).toBe(true);
  expect(clicked).toEqual(['tap']);

  clicked.length = 0;
  const dropped = tapAgainLater(app, button, () => undefined);
  // The visitor taps something else on the live page, and it gets there.
  app.querySelector<HTMLButtonElement>('#other')!.click();
  await new Promise((r) => setTimeout(r, 0));
  expect(dropped()).toBe(true);
  expect(clicked).toEqual([]);
});

test('a tap stopped at the root (its part not hydrated yet) is kept, and done once it gets through', async () => {
  const app = document.createElement('div');
  app.innerHTML = '<button id="send">Send</button>';
  document.body.append(app);
  const button = app.querySelector('button')!;
  const sent: string[] = [];
  button.addEventListener('click', () => sent.push('send'));
  // As React does at its root for a tap on a part not hydrated yet.
  const stop = (e: Event) => e.stopPropagation();
  app.addEventListener('click', stop, true);
  const retried: string[] = [];
  const later = tapAgainLater(app, undefined, () => retried.push('retry'));
  button.click();
  await new Promise((r) => setTimeout(r, 0));
  expect(retried).toEqual(['retry']);
  expect(later()).toBe(false);
  app.removeEventListener('click', stop, true);
  expect(later()).toBe(true);
  expect(later()).toBe(true);
  expect(sent).toEqual(['send']);
});

/** A form like sign-up's: one state object, each change made from the one the last render had. */
function Draft({ onCommit, onSubmit }: { onCommit?: () => void; onSubmit: (sent: string) => void }) {
  const [draft, setDraft] = useState({ email: '', password: '', terms: false, country: '' });
  const update = (patch: Partial<typeof draft>) => setDraft({ ...draft, ...patch });
  // As PrerenderRoot does: told in the commit of the hydration.
  useLayoutEffect(() => onCommit?.(), [onCommit]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(JSON.stringify(draft));
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="email" value={draft.email} onChange={(e) => update({ email: e.target.value })} />
      <input aria-label="password" value={draft.password} onChange={(e) => update({ password: e.target.value })} />
      <input
        aria-label="terms"
        type="checkbox"
        checked={draft.terms}
        onChange={(e) => update({ terms: e.target.checked })}
      />
      <select aria-label="country" value={draft.country} onChange={(e) => update({ country: e.target.value })}>
        <option value="">Choose</option>
        <option value="1">Nigeria</option>
      </select>
      <button type="submit">Signup</button>
    </form>
  );
}

test(
  'read in the hydration’s commit and told right after it, every field reaches a form that builds its state from ' +
    'its last render, and a kept tap then sends them all, once',
  async () => {
    const sent: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Draft onSubmit={() => undefined} />);
    document.body.appendChild(container);
    keepFormsInPage(container);
    field(container, 'email').value = 'ada@example.com';
    field(container, 'password').value = 'Sunny-Lagos-2026';
    field(container, 'terms').checked = true;
    (field(container, 'country') as unknown as HTMLSelectElement).value = '1';
    const take = keepEarlyTap(container);
    container.querySelector('button')!.click();
    const tapped = take();
    let commit: (() => void) | undefined = () => {
      commit = undefined;
      const replay = readEarlyInput(container);
      queueMicrotask(() => {
        replay();
        tapAgain(tapped);
      });
    };
    await act(async () => {
      root = hydrateRoot(container, <Draft onCommit={() => commit?.()} onSubmit={(s) => sent.push(s)} />);
    });
    expect(sent).toEqual([
      JSON.stringify({ email: 'ada@example.com', password: 'Sunny-Lagos-2026', terms: true, country: '1' }),
    ]);
    expect(field(container, 'email').value).toBe('ada@example.com');
  },
);

test('a kept tap is dropped as soon as the visitor taps again, before that tap is known to get through', () => {
  const app = document.createElement('div');
  app.innerHTML = '<button id="login">Login</button>';
  document.body.append(app);
  const button = app.querySelector('button')!;
  const clicked: string[] = [];
  button.addEventListener('click', () => clicked.push('login'));
  const later = tapAgainLater(app, button, () => undefined);
  // The visitor's own tap hydrates the page on its way, whose commit asks for the kept tap.
  let duringTheTap: boolean | undefined;
  app.addEventListener('click', () => (duringTheTap ??= later()), true);
  button.click();
  expect(duringTheTap).toBe(true);
  expect(clicked).toEqual(['login']);
});

describe('text typed while the page comes alive', () => {
  /**
   * The browser's way of putting text into a box: `beforeinput`, the text in, then `input`. `between` runs after
   * the text is in and before the input event (on a slow phone, a render of the hydrated page can come there).
   */
  function insert(box: HTMLInputElement, text: string, between: () => void = () => undefined) {
    box.dispatchEvent(
      new InputEvent('beforeinput', { bubbles: true, cancelable: true, inputType: 'insertText', data: text }),
    );
    const start = box.selectionStart ?? box.value.length;
    const value = box.value.slice(0, start) + text + box.value.slice(box.selectionEnd ?? start);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
    between();
    box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
  }
  /** A render putting the box back to the value React holds (through the setter React watches). */
  const renderBack = (box: HTMLInputElement, value: string) => () => {
    box.value = value;
  };

  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  test('without the keeper, text taken out by a render before its input event is lost (what it is for)', async () => {
    const c = await hydrateAfterTyping(() => undefined);
    await act(async () => insert(field(c, 'name'), 'Ada', renderBack(field(c, 'name'), '')));
    expect(state(c).name).toBe('');
  });

  test('with the keeper, that text is put back before React reads the box, and reaches the state', async () => {
    const c = await hydrateAfterTyping(() => undefined);
    stop = keepInsertedText();
    await act(async () => insert(field(c, 'name'), 'Ada', renderBack(field(c, 'name'), '')));
    expect(state(c).name).toBe('Ada');
    expect(field(c, 'name').value).toBe('Ada');
    // Typed on, where the caret is (the end): the keeper changes nothing when the text is in the box.
    await act(async () => insert(field(c, 'name'), ' L'));
    expect(state(c).name).toBe('Ada L');
  });

  test('text the box refuses (its maximum length) is not forced in; nothing is done once it is stopped', async () => {
    const c = await hydrateAfterTyping(() => undefined);
    stop = keepInsertedText();
    field(c, 'amount').maxLength = 4;
    await act(async () => insert(field(c, 'amount'), '12345', renderBack(field(c, 'amount'), '100')));
    expect(state(c).amount).toBe('100');
    stop();
    await act(async () => insert(field(c, 'name'), 'Ada', renderBack(field(c, 'name'), '')));
    expect(state(c).name).toBe('');
  });
});
