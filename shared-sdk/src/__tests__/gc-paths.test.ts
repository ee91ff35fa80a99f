import { createApiClient } from '../gc/client';

// The paths of the spec, copied as written, plus the CONTRACT paths our screens use.
const SPEC_PATHS = (
  `
/user/appregister, /user/applogin, /user/applogout, /user/userInfo, /user/sendEmailVerifyCode, ` +
  `/user/sendWhatsAppCode, /user/bindWhatsapp, /user/bindPhone, /user/updateUsername, /user/modinickname, ` +
  `/user/modipassword, /user/forgotPassword, /user/updatePasswordByEmail, /user/updatePasswordByWhatsapp, ` +
  `/user/changeEmail, /user/cancellation
/social/facebookLogin, /social/googleLogin, /social/appleLogin, /social/socialBind
/public/countrylist, /public/homebanner, /public/ladderConfig, /public/appinit, /public/sendMail, /public/contact
/order/appadd, /order/checkCoupon, /order/getAvailableCoupon, /order/obsUrl, /order/obsUrls, /ord/list, /ord/detail
/finder/allNoticeWithoutRead, /finder/readNotice
/rebate/inviteinfo, /rebate/getReferralUsers, /rebate/rebateList
/payment/paymentList, /payment/bankList, /payment/coinList, /payment/list, /payment/add, /payment/delete, ` +
  `/account/avatar
/withdraw/apply, /withdraw/transactionPassword, /withdraw/changeTPassword, /withdraw/information
/wallet/balance, /wallet/moneyLogList, /wallet/moneyLogDetail
/v2/card/catalog, /card/calculator, /card/currencyList, /card/category
/vip/info, /vip/loglist, /faq/list
`
)
  .split(/[,\n]/)
  .map((p) => p.trim().replace(/^\//, ''))
  .filter(Boolean);

const CONTRACT_PATHS = [
  'payment/verify',
  'payment/setDef',
  'rebate/getInvitingDetails',
  'rebate/receiveInviteRebate',
  'rebate/inviteRankList',
  'finder/allNotice',
  'user/sendEmailBindVerifyCode',
  'user/bindEmail',
  'user/checkUsername',
  'public/vipActivityDes',
  'faq/categories',
  'withdraw/upTPassword',
  'withdraw/sendResetCode',
  'withdraw/resetTPassword',
  'public/blogList',
  'public/blogPost',
];

it('has a typed function for every path of the spec and the CONTRACT paths we use', async () => {
  const called = new Set<string>();
  // Every call gets the same reply ([]), outside most paths' contract: the SDK says so on the console.
  const contractNotes = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const api = createApiClient({
    getToken: () => '',
    onTokenInvalid: () => undefined,
    adapter: async (config) => {
      called.add(String(config.url).replace(/^\//, ''));
      return { data: { success: true, data: [] }, status: 200, statusText: 'OK', headers: {}, config };
    },
  });
  const modules = Object.entries(api).filter(([name]) => name !== 'transport' && name !== 'request');
  for (const [, group] of modules) {
    for (const fn of Object.values(group as Record<string, (arg: unknown) => Promise<unknown>>)) {
      // Replies are not shaped for each call: only the path matters here.
      await fn({ images: [], amount: '1' }).catch(() => undefined);
    }
  }
  contractNotes.mockRestore();
  expect(SPEC_PATHS).toHaveLength(59);
  for (const path of [...SPEC_PATHS, ...CONTRACT_PATHS]) expect([...called]).toContain(path);
});
