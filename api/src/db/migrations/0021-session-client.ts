/**
 * Which client a session was signed in from: the platform whose app key signed the
 * sign-in request. Only a session opened by a native app may change the account without the login
 * password shortly after sign-in (REAUTH_GRACE_MINUTES); sessions opened before this migration
 * count as web sessions, so none of them can claim it.
 */
export const sql = /* sql */ `
alter table sessions add column client text not null default 'web' check (client in ('web', 'android', 'ios'));
`;
