import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, Refusal, testApi } from '@giftlane/shared-sdk/testing';
import { useLocation } from '@giftlane/shared-sdk/router';
import { AskForm } from '../ask-form';
import { CaseView } from '../case-view';
import { clockLine, messageProblem } from '../case-model';

function Where() {
  const { pathname } = useLocation();
  return <p>{pathname}</p>;
}

const detail = {
  case_no: 'CS-ABCD2345',
  about: 'order' as const,
  order_no: 'GC2611260001',
  withdraw_no: '',
  subject: '',
  status: 'waiting_us' as const,
  status_text: 'Waiting for us',
  owner_name: '',
  create_time: 1795400000,
  first_response_due: 1795407200,
  first_response_time: 0,
  resolution_due: 1795486400,
  solved_time: 0,
  first_response_late: false,
  resolution_late: false,
  resolution: '',
  messages: [
    { id: 1, from: 'seller' as const, name: 'You', body: 'My card is pending', images: [], create_time: 1795400000 },
  ],
  timeline: [{ kind: 'opened', text: 'You opened this case', create_time: 1795400000 }],
};

test('the clock line says the promise the case is under, and says sorry when late', () => {
  expect(clockLine(detail)).toMatch(/^We will reply by /);
  expect(clockLine({ ...detail, first_response_late: true })).toContain('Our first reply is late');
  expect(clockLine({ ...detail, status: 'waiting_you', first_response_time: 1795401000 })).toContain('your turn');
  expect(clockLine({ ...detail, status: 'solved' })).toContain('opens again');
  expect(messageProblem('  ', 0)).toBe('Please write your message.');
  expect(messageProblem('x'.repeat(2001), 0)).toContain('at most 2000');
  expect(messageProblem('ok', 6)).toBe('At most 5 photos per message.');
});

test('asking about an order opens a case about it and goes there', async () => {
  const user = userEvent.setup();
  const api = testApi({ 'case/list': [], 'case/open': { case_no: 'CS-ABCD2345', existing: false } });
  render(inRouter(<AskForm orderNo="GC2611260001" />, [{ path: '/homes/help/cases/:no', element: <Where /> }]));
  expect(screen.getByRole('heading', { name: 'Ask about order GC2611260001' })).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Ask us' });
  await user.click(within(form).getByRole('button', { name: 'Send' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Please write your message.');
  await user.type(within(form).getByLabelText('Your message'), 'My card is pending');
  await user.click(within(form).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('/homes/help/cases/CS-ABCD2345')).toBeInTheDocument();
  expect(api.callsTo('case/open')).toEqual([
    expect.objectContaining({ about: 'order', order_no: 'GC2611260001', message: 'My card is pending' }),
  ]);
});

test('an open case about the order is named; a refusal is said in the api’s words', async () => {
  const user = userEvent.setup();
  testApi({
    'case/list': [
      {
        case_no: 'CS-OPEN2345',
        about: 'order',
        order_no: 'GC2611260001',
        withdraw_no: '',
        subject: '',
        status: 'waiting_us',
        status_text: 'Waiting for us',
        create_time: 1,
        update_time: 1,
      },
    ],
    'case/open': new Refusal('You have opened many cases in the last hour.'),
  });
  render(inRouter(<AskForm orderNo="GC2611260001" />));
  expect(await screen.findByRole('link', { name: 'CS-OPEN2345' })).toHaveAttribute(
    'href',
    '/homes/help/cases/CS-OPEN2345',
  );
  await user.type(screen.getByLabelText('Your message'), 'Any news?');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You have opened many cases in the last hour.');
});

test('a case shows its status, messages and clock; a reply shows the case as it is now', async () => {
  const user = userEvent.setup();
  const api = testApi({
    'case/detail': detail,
    'case/reply': {
      ...detail,
      messages: [
        ...detail.messages,
        { id: 2, from: 'seller', name: 'You', body: 'Here is the receipt', images: [], create_time: 1795400100 },
      ],
    },
  });
  render(inRouter(<CaseView caseNo="CS-ABCD2345" />));
  expect(await screen.findByTestId('case-status')).toHaveTextContent('Waiting for us');
  expect(screen.getByText(/We will reply by/)).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Reply on the case' });
  await user.type(within(form).getByLabelText('Your message'), 'Here is the receipt');
  await user.click(within(form).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Here is the receipt')).toBeInTheDocument();
  expect(api.callsTo('case/reply')).toEqual([
    expect.objectContaining({ case_no: 'CS-ABCD2345', message: 'Here is the receipt' }),
  ]);
});
