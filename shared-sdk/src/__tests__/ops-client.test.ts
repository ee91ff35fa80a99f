import { getOps, NETWORK_FAILED, OUTSIDE_CONTRACT, staffSession } from '../ops/client';
import { NO_OPS_ANSWER, OpsRefusal, testOps } from '../ops/testing';

const me = { id: 3, name: 'Bola', email: 'bola@ops.test', role: 'reviewer' };

test('a call fills its path and query, and answers the decoded data', async () => {
  const t = testOps({ 'GET /ops/api/me': me, 'GET /ops/api/audit': [] });
  await expect(getOps().auth.me()).resolves.toEqual(me);
  await getOps().audit.list({ action: 'order', before_id: 9, q: '' });
  expect(t.calls.map((c) => c.path)).toEqual(['/me', '/audit?action=order&before_id=9']);
  expect(t.callsTo('GET /ops/api/audit')).toEqual([{ action: 'order', before_id: '9' }]);
});

test('path parameters are encoded, and a POST sends its body', async () => {
  const t = testOps({ 'POST /ops/api/users/:id/freeze': null });
  await getOps().users.freeze('7/x', { reason: 'Stolen cards' });
  expect(t.calls[0]).toEqual({
    route: 'POST /ops/api/users/:id/freeze',
    path: '/users/7%2Fx/freeze',
    input: { reason: 'Stolen cards' },
  });
});

test('a reply outside the contract is an error, not data', async () => {
  testOps({ 'GET /ops/api/me': { ...me, role: 'owner' } });
  await expect(getOps().auth.me()).rejects.toMatchObject({ message: OUTSIDE_CONTRACT });
});

test("a refusal carries the api's message; a 401 ends the stored session with it", async () => {
  testOps({ 'GET /ops/api/staff': new OpsRefusal('Operator session expired, please sign in again', 401) });
  expect(staffSession.get()).not.toBeNull();
  await expect(getOps().staff.list()).rejects.toMatchObject({
    message: 'Operator session expired, please sign in again',
    status: 401,
  });
  expect(staffSession.get()).toBeNull();
  expect(staffSession.endedBecause()).toBe('Operator session expired, please sign in again');
});

test('no answer is a network failure', async () => {
  testOps({ 'GET /ops/api/kyc': NO_OPS_ANSWER });
  await expect(getOps().kyc.list()).rejects.toMatchObject({ message: NETWORK_FAILED, status: 0 });
});

test('the export answers the file with its name', async () => {
  testOps({ 'POST /ops/api/withdrawals/export': 'reference\r\n' });
  await expect(getOps().withdrawals.export({ currency: 'NGN', method: 'BANK' })).resolves.toEqual({
    name: 'payouts-test.csv',
    text: 'reference\r\n',
  });
});
