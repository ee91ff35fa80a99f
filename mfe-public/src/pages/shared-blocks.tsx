// Small blocks more than one page shows.

export function PayoutMethods() {
  return (
    <ul className="pub-tiles">
      <li>
        <h3>Nigeria: naira to your bank</h3>
        <p>
          Withdraw to any Nigerian bank account. We check your 10-digit account number and show the account name before
          you save it.
        </p>
      </li>
      <li>
        <h3>Ghana: cedis to mobile money or bank</h3>
        <p>MTN MoMo, Telecel Cash, AT Money or a Ghanaian bank account. Mobile money usually arrives within minutes.</p>
      </li>
      <li>
        <h3>USDT, wherever you are</h3>
        <p>Prefer crypto, or selling from another country? Keep a USDT wallet and withdraw to your own address.</p>
      </li>
    </ul>
  );
}
