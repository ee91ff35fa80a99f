import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, Refusal, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { useLocation } from '@giftlane/shared-sdk/router';
import HelpPage from '../help';

function Where() {
  const { pathname, search } = useLocation();
  return <p>{`${pathname}${search}`}</p>;
}

const replies = {
  'ord/list': [
    {
      order_no: 'GL2026112400017',
      card_name: 'Amazon US',
      status: 3,
      show_time: 1795400000,
      amount: 0,
      status_desc: 'Refused',
      wallet_type: 1,
      images: '',
      all_money: '0.00',
    },
    {
      order_no: 'GL2026112400021',
      card_name: 'Steam',
      status: 1,
      show_time: 1795400100,
      amount: 0,
      status_desc: 'Pending',
      wallet_type: 1,
      images: '',
      all_money: '0.00',
    },
  ],
  'public/appinit': { whatsapp_phone: '+234 812 132 5873', email: 'help@giftlane.test' },
  'public/contact': null,
  'faq/list': [
    { id: 1, question: 'How long does a trade take?', answer: 'Minutes for most cards.', category_name: 'Trading' },
  ],
};

let api: TestApi;
beforeEach(() => {
  api = testApi(replies, { seller: { nickname: 'Amaka Obi', email: 'amaka@example.com' } });
});

test('contact details come from appinit, the FAQ from faq/list', async () => {
  render(inRouter(<HelpPage />));
  const contact = await screen.findByRole('region', { name: 'Contact us' });
  expect(await within(contact).findByRole('link', { name: '+234 812 132 5873' })).toHaveAttribute(
    'href',
    'https://wa.me/2348121325873',
  );
  expect(within(contact).getByRole('link', { name: 'help@giftlane.test' })).toHaveAttribute(
    'href',
    'mailto:help@giftlane.test',
  );
  expect(await screen.findByText('How long does a trade take?')).toBeInTheDocument();
  expect(api.callsTo('faq/list')).toEqual([expect.objectContaining({ page: '0', page_size: '50' })]);
});

test('a message about a chosen order goes to public/contact with the order in the subject', async () => {
  const user = userEvent.setup();
  render(inRouter(<HelpPage />));
  const form = screen.getByRole('form', { name: 'Message support' });
  await screen.findByRole('option', { name: /Amazon US/ });
  await user.selectOptions(within(form).getByLabelText('Which order?'), 'GL2026112400021');
  expect(within(form).getByLabelText('Your e-mail for our reply')).toHaveValue('amaka@example.com');
  await user.click(within(form).getByRole('button', { name: 'Send to support' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Please tell us a little more (at least 10 characters).');
  expect(api.callsTo('public/contact')).toHaveLength(0);
  await user.type(within(form).getByLabelText('Message'), 'Still processing after two hours.');
  await user.click(within(form).getByRole('button', { name: 'Send to support' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Your message about “Order GL2026112400021” has been sent.',
  );
  expect(api.callsTo('public/contact')).toEqual([
    expect.objectContaining({
      name: 'Amaka Obi',
      email: 'amaka@example.com',
      subject: 'Order GL2026112400021',
      message: 'Still processing after two hours.',
    }),
  ]);
});

test('a refused send keeps the message and says why; a bad e-mail is caught first', async () => {
  const user = userEvent.setup();
  api = testApi(
    { ...replies, 'public/contact': new Refusal('Too many messages, please wait a minute.') },
    { seller: { nickname: '', username: '', email: '', is_email_bind: false, whatsapp: '+2348121325873' } },
  );
  render(inRouter(<HelpPage />));
  const form = screen.getByRole('form', { name: 'Message support' });
  await user.type(within(form).getByLabelText('Message'), 'Where is my withdrawal?');
  await user.click(within(form).getByRole('button', { name: 'Send to support' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  await user.type(within(form).getByLabelText('Your e-mail for our reply'), 'me@example.com');
  await user.click(within(form).getByRole('button', { name: 'Send to support' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Too many messages, please wait a minute.');
  expect(within(form).getByLabelText('Message')).toHaveValue('Where is my withdrawal?');
  expect(api.callsTo('public/contact').at(-1)).toMatchObject({
    subject: 'Help with my account',
    name: 'GiftLane seller',
  });
});

test('Start the tour asks the shell for a replay on Home', async () => {
  const user = userEvent.setup();
  render(inRouter(<HelpPage />, [{ path: '/homes', element: <Where /> }]));
  await user.click(screen.getByRole('button', { name: 'Start the tour' }));
  expect(await screen.findByText('/homes?startTour=replay')).toBeInTheDocument();
});
