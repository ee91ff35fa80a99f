// Intl date formatters, made once and kept. Not part of the SDK's singleton exports (index.ts): format.ts uses it
// inside the SDK, and the api imports it alone (`@giftlane/shared-sdk/date-format`).

/**
 * An Intl.DateTimeFormat for these options, made once and kept: making one costs a hundred times what formatting a
 * date with it does (a list of dates on a phone, every hold of a wallet on the api). Kept for at most 100 option sets
 * (locales and time zones are few); all are forgotten when the next would pass that.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= 100) formats.clear();
    formats.set(key, f);
  }
  return f;
}
