// The checker of the "Official channels" page: a seller pastes the number, address or link that
// wrote to them and the api says whether it is ours (public/channelCheck, against the same list the
// page shows). The answer is said in words, never by colour alone; the api's words for a refusal.
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, type ChannelCheck } from '@giftlane/shared-sdk';
import { checkChannel } from '../../lib/api';

/** What a checked text turned out to be, in words. */
export function verdictText(r: ChannelCheck): { title: string; detail: string } {
  const what = r.kind === 'phone' ? 'number' : r.kind === 'email' ? 'e-mail address' : 'link';
  if (r.ours && r.match) {
    const detail =
      r.match.type === 'whatsapp'
        ? `It is our WhatsApp number ${r.match.value}${r.match.label ? ` (${r.match.label})` : ''}.`
        : r.match.type === 'email'
          ? `It is our e-mail address ${r.match.value}${r.match.label ? ` (${r.match.label})` : ''}.`
          : r.match.type === 'social'
            ? `It is our ${r.match.label} account.`
            : `It is on our website, ${r.match.value}.`;
    return { title: `Yes, this ${what} is ours.`, detail: `${detail} Still, never share your PIN or codes.` };
  }
  return {
    title: `No, this ${what} is not one of ours.`,
    detail:
      'Do not send it card codes, your PIN or any code we sent you. Sell only in the GiftLane app or on our website, ' +
      'and tell us about it through Contact us.',
  };
}

export function ChannelChecker({ check = checkChannel }: { check?: (text: string) => Promise<ChannelCheck> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'checking' } | { kind: 'done'; result: ChannelCheck } | { kind: 'failed'; msg: string }
  >({ kind: 'idle' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setState({ kind: 'checking' });
    try {
      setState({ kind: 'done', result: await check(text) });
    } catch (err) {
      setState({ kind: 'failed', msg: errorMessage(err, 'We could not check it just now. Please try again.') });
    }
  }

  const verdict = state.kind === 'done' ? verdictText(state.result) : null;
  return (
    <form className="pub-form" method="post" noValidate onSubmit={submit} aria-label="Check a channel">
      <div className="pub-field">
        <label htmlFor={`${id}-text`}>Phone number, e-mail address or link</label>
        <input
          id={`${id}-text`}
          name="text"
          value={text}
          maxLength={300}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            if (state.kind !== 'checking') setState({ kind: 'idle' });
          }}
        />
        <span id={`${id}-hint`} className="pub-field__hint">
          As you received it, e.g. +234 803 123 4567, 0803 123 4567, an e-mail address or a link.
        </span>
      </div>
      <button type="submit" className="gl-btn gl-btn--primary" disabled={state.kind === 'checking'}>
        {state.kind === 'checking' ? 'Checking…' : 'Check'}
      </button>
      <div role="status" aria-live="polite" className="pub-check__answer">
        {verdict && state.kind === 'done' && (
          <div
            className={state.result.ours ? 'pub-success' : 'pub-check__warn'}
            data-testid={state.result.ours ? 'check-ours' : 'check-not-ours'}
          >
            <p>
              <strong>{verdict.title}</strong> {verdict.detail}
            </p>
          </div>
        )}
        {state.kind === 'failed' && (
          <p className="pub-error">
            <span>{state.msg}</span>
          </p>
        )}
      </div>
    </form>
  );
}
