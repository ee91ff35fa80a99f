// A failed call's message as the seller sees it: the api's words, then "Reference: 7F3K2Q".
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches an alert showing exactly this message of the api and a request reference under it. */
export const withReference = (message: string): RegExp =>
  new RegExp(`^${escape(message)}\\s*Reference: [0-9A-HJKMNP-TV-Z]{6}$`);
