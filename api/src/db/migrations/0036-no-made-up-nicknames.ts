/**
 * WhatsApp sign-ups without a name were given a made-up nickname, "user" and the number's last four
 * digits, which the dashboard then greeted them by. New accounts get none; this clears the made-up
 * ones (exactly that pattern, for the account's own number), so those sellers are greeted without a name.
 */
export const sql = /* sql */ `
update users set nickname = ''
 where whatsapp is not null and length(whatsapp) >= 4 and nickname = 'user' || right(whatsapp, 4);
`;
