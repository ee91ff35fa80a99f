import { testApi } from '@giftlane/shared-sdk/testing';
import { early, startEarly } from '../early';

test("a page takes what its route's loader started beside its code: one call, then a retry asks again", async () => {
  testApi();
  let calls = 0;
  const load = () => Promise.resolve(++calls);
  startEarly('balance', load);
  expect(calls).toBe(1);
  await expect(early('balance', load)).resolves.toBe(1);
  expect(calls).toBe(1);
  await expect(early('balance', load)).resolves.toBe(2);
});

test('signed out, a loader asks for nothing (the guard sends the visitor to /login)', async () => {
  testApi({}, { seller: false });
  const load = jest.fn(() => Promise.resolve(1));
  startEarly('kyc', load);
  expect(load).not.toHaveBeenCalled();
});
