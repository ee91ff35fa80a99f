import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError, VALIDATION_MESSAGES } from '@giftlane/shared-sdk';
import { ContactForm } from '../contact-form';
import { CONTACT_MESSAGES, validateContact } from '../contact-rules';

const fill = async (
  values: Partial<Record<'Your name' | 'Email address' | 'Subject (optional)' | 'Message', string>>,
) => {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
};

describe('contact form rules', () => {
  test('every field explained in words', () => {
    expect(validateContact({ name: ' ', email: '', subject: '', message: '' })).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
    expect(
      validateContact({ name: 'A'.repeat(101), email: 'ada@', subject: 'x'.repeat(201), message: 'short' }),
    ).toEqual({
      name: CONTACT_MESSAGES.nameTooLong,
      email: VALIDATION_MESSAGES.emailInvalid,
      subject: CONTACT_MESSAGES.subjectTooLong,
      message: CONTACT_MESSAGES.messageTooShort,
    });
    expect(validateContact({ name: 'Ada', email: 'ada@example.com', subject: '', message: 'x'.repeat(5001) })).toEqual({
      message: CONTACT_MESSAGES.messageTooLong,
    });
    expect(
      validateContact({ name: 'Ada', email: 'ada@example.com', subject: '', message: 'My order is late.' }),
    ).toEqual({});
  });
});

describe('contact form', () => {
  test('shows each problem under its field and sends nothing', async () => {
    const send = jest.fn();
    render(<ContactForm send={send} />);
    await fill({ 'Email address': 'not-an-email' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(screen.getByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
  });

  test('sends trimmed fields and says thank you', async () => {
    const send = jest.fn().mockResolvedValue(null);
    render(<ContactForm send={send} />);
    await fill({ 'Your name': ' Ada ', 'Email address': 'ada@example.com', Message: 'Where is my payout for GL123?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(send).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      subject: '',
      message: 'Where is my payout for GL123?',
    });
    expect(await screen.findByText('Thank you, your message has been sent.')).toBeInTheDocument();
  });

  test('a failure says so, keeps what was typed and can be sent again', async () => {
    const send = jest
      .fn()
      .mockRejectedValueOnce(new NetworkError('down'))
      .mockRejectedValueOnce(new ApiError('Too many requests, please wait', 'x', 'public/contact'));
    render(<ContactForm send={send} />);
    await fill({ 'Your name': 'Ada', 'Email address': 'ada@example.com', Message: 'Where is my payout?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Your message was not sent. ${NETWORK_ERROR_MESSAGE}`);
    expect(screen.getByLabelText('Message')).toHaveValue('Where is my payout?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please wait');
  });
});
