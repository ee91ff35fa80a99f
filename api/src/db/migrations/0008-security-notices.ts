/**
 * A third kind of notice, `security` (a new sign-in, a password or payout-account change): such a
 * notice stays unread until the user opens it — "mark all as read" (`finder/readNotice` with
 * notice_id 0) skips it.
 */
export const sql = /* sql */ `
alter table notices drop constraint if exists notices_kind_check;
alter table notices add constraint notices_kind_check check (kind in ('notice', 'system', 'security'));
`;
