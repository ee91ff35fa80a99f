import { act, render, screen } from '@testing-library/react';
import { RevealAfter, useAllSettled, useSettled } from '../reveal';

/** A part inside the hidden area that says when its own load has settled (the verification note). */
function Note({ loading, onSettled }: { loading: boolean; onSettled: () => void }) {
  useSettled(loading, onSettled);
  return loading ? null : <p>Verify your identity to withdraw it.</p>;
}

const PARTS = ['kyc'] as const;

function Page({ balances, kyc }: { balances: boolean; kyc: boolean }) {
  const parts = useAllSettled(PARTS);
  return (
    <RevealAfter ready={balances && parts.all}>
      <Note loading={!kyc} onSettled={parts.settle('kyc')} />
      <button type="button">Withdraw</button>
    </RevealAfter>
  );
}

test('what is below the balances is laid out only once they and every named part have settled, then for good', () => {
  const view = render(<Page balances={false} kyc={false} />);
  // Mounted (its own data loads meanwhile) but not shown, so nothing can push it under the thumb.
  expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  act(() => view.rerender(<Page balances kyc={false} />));
  expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  act(() => view.rerender(<Page balances kyc />));
  expect(screen.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  // The balances reloading (after a withdrawal) hides nothing.
  act(() => view.rerender(<Page balances={false} kyc />));
  expect(screen.getByRole('button', { name: 'Withdraw' })).toBeVisible();
});
