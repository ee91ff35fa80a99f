import { formatMinor } from '../../lib/money.js';
import type { Country, Currency } from '../../shared/reference.js';

/** Country as CONTRACT §3.2 names its fields; area_number and code are both the dial code (+234). */
export function countryView(c: Country, wallet: Currency) {
  return {
    id: c.id,
    name: c.name,
    short_name: c.short_name,
    currency_name: wallet.code,
    currency_symbol: wallet.symbol,
    local_currency: c.currency_code,
    national_flag: c.flag,
    withdrawal_method: c.withdrawal_method,
    money_detail: c.money_detail,
    image: c.flag,
    area_number: c.dial_code,
    code: c.dial_code,
    rebate_money: formatMinor(c.rebate_money_minor, wallet.decimals),
    rebate_money_register: formatMinor(c.rebate_money_register_minor, wallet.decimals),
  };
}
