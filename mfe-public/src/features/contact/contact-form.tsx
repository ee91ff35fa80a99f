// The contact form: checked on the phone first (clear message under each field), then sent to
// public/contact, which opens a case (a visitor's is tied to their e-mail and answered by e-mail). Success and failure
// are both said plainly; a failure keeps what was typed.
import { ErrorReference, errorRef } from '@giftlane/shared-sdk/error-reference';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@giftlane/shared-sdk';
import { validateContact, type ContactDraft, type ContactErrors } from './contact-rules';
import { sendContact } from '../../lib/api';

const EMPTY: ContactDraft = { name: '', email: '', subject: '', message: '' };

/** An order number in the real format (GC, the date as yymmdd, 18 digits), as the order's page shows it. */
export const ORDER_NUMBER_EXAMPLE = 'GC250614803412775019386254';

export function ContactForm({ send = sendContact }: { send?: (d: ContactDraft) => Promise<unknown> }) {
  const id = useId();
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; msg: string; reference?: string }
  >({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);

  const field = (key: keyof ContactDraft) => ({
    id: `${id}-${key}`,
    name: key,
    value: draft[key],
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby':
      [errors[key] && `${id}-${key}-error`, key === 'message' && `${id}-message-hint`].filter(Boolean).join(' ') ||
      undefined,
    onChange: (e: { target: { value: string } }) => {
      setDraft((d) => ({ ...d, [key]: e.target.value }));
      if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
    },
  });
  const error = (key: keyof ContactDraft) =>
    errors[key] && (
      <span id={`${id}-${key}-error`} className="pub-field__error">
        {errors[key]}
      </span>
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateContact(draft);
    setErrors(found);
    const first = (Object.keys(found) as Array<keyof ContactDraft>).find((k) => found[k]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      await send({
        name: draft.name.trim(),
        email: draft.email.trim(),
        subject: draft.subject.trim(),
        message: draft.message.trim(),
      });
      setState({ kind: 'sent' });
      setDraft(EMPTY);
    } catch (err) {
      setState({
        kind: 'failed',
        msg: errorMessage(err, 'Your message was not sent. Please try again.'),
        reference: errorRef(err),
      });
    }
  }

  if (state.kind === 'sent') {
    return (
      <div className="pub-success" role="status">
        <p>
          <strong>Thank you, your message has been sent.</strong> We opened a case for it and e-mailed you its
          reference: quote it if you write to us again. We reply by email, usually within a few hours.
        </p>
        <button type="button" className="gl-btn" onClick={() => setState({ kind: 'idle' })}>
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form ref={formRef} className="pub-form" method="post" noValidate onSubmit={submit} aria-label="Contact form">
      <div className="pub-field">
        <label htmlFor={`${id}-name`}>Your name</label>
        <input {...field('name')} autoComplete="name" />
        {error('name')}
      </div>
      <div className="pub-field">
        <label htmlFor={`${id}-email`}>Email address</label>
        <input {...field('email')} type="email" autoComplete="email" inputMode="email" />
        {error('email')}
      </div>
      <div className="pub-field">
        <label htmlFor={`${id}-subject`}>Subject (optional)</label>
        <input {...field('subject')} placeholder="e.g. My order is taking long" />
        {error('subject')}
      </div>
      <div className="pub-field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea {...field('message')} />
        <span id={`${id}-message-hint`} className="pub-field__hint">
          Include your order number if your message is about an order: it starts with GC, like{' '}
          <span className="pub-code">{ORDER_NUMBER_EXAMPLE}</span>, and is on the order’s page. Never send your password
          or PIN.
        </span>
        {error('message')}
      </div>
      {state.kind === 'failed' && (
        <p className="pub-error" role="alert">
          <span>
            <strong>Your message was not sent.</strong> {state.msg}
            <ErrorReference reference={state.reference} />
          </span>
        </p>
      )}
      <button type="submit" className="gl-btn gl-btn--primary" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
