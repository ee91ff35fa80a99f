// /login arrives prerendered, so a visitor can type before the form is live; the field
// takes what is in its box when it comes alive (hydration). A field rendered normally is unchanged.
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { TextField } from '../fields';

function Form({ onValue }: { onValue?: (v: string) => void }) {
  const [username, setUsername] = useState('');
  return (
    <form>
      <TextField
        id="u"
        label="Email Address/WhatsApp Number"
        value={username}
        onValue={(v) => {
          onValue?.(v);
          setUsername(v);
        }}
      />
      <output>{username}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

test('text typed into the prerendered field before it came alive becomes its value', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.appendChild(container);
  const input = container.querySelector('input')!;
  input.value = 'ada@example.com';
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <Form />, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  expect(container.querySelector('input')).toBe(input);
  expect(input.value).toBe('ada@example.com');
  expect(container.querySelector('output')!.textContent).toBe('ada@example.com');
});

test('a field rendered in the browser reports nothing on its own', async () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const onValue = jest.fn();
  await act(async () => {
    root = createRoot(container);
    root.render(<Form onValue={onValue} />);
  });
  expect(onValue).not.toHaveBeenCalled();
});
