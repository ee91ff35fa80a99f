import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OpsRefusal, testOps } from '@giftlane/shared-sdk/ops/testing';
import { staffSession } from '../../lib/api';
import { SignIn } from '../sign-in';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['aaaa-bbbb', 'cccc-dddd', 'eeee-ffff'];

describe('staff sign-in', () => {
  jest.setTimeout(60_000);

  test(
    'first sign-in: the key in groups of four, a wrong code refused, then the recovery codes copied and ' +
      'downloaded before entering',
    async () => {
      const t = testOps(
        {
          'POST /ops/api/login': {
            challenge: 'ch-1',
            second_factor: 'enrol',
            name: 'Bola',
            role: 'reviewer',
            totp_secret: SECRET,
            otpauth_url: `otpauth://totp/GiftLane:bola?secret=${SECRET}`,
          },
        },
        { staff: false },
      );
      t.answer('POST /ops/api/login/second-factor', new OpsRefusal('Incorrect code'), {
        token: 'tok-1234567890',
        id: 2,
        name: 'Bola',
        role: 'reviewer',
        recovery_codes_left: 3,
        recovery_codes: CODES,
      });
      const written: string[] = [];
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: (s: string) => Promise.resolve(void written.push(s)) },
        configurable: true,
      });
      const saved: { name: string; blob: Blob }[] = [];
      let lastBlob: Blob | undefined;
      URL.createObjectURL = (b: Blob) => ((lastBlob = b), 'blob:codes');
      URL.revokeObjectURL = () => undefined;
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, blob: lastBlob! });
      });

      render(<SignIn />);
      expect(screen.getByRole('heading', { level: 1, name: 'GiftLane console: staff sign-in' })).toBeInTheDocument();
      expect(document.title).toBe('Sign in · GiftLane console');
      await userEvent.type(screen.getByLabelText('E-mail'), 'bola@giftlane.ng');
      await userEvent.type(screen.getByLabelText('Password'), 'a-long-password-2026');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
      expect(t.callsTo('POST /ops/api/login')).toEqual([
        { email: 'bola@giftlane.ng', password: 'a-long-password-2026' },
      ]);

      await userEvent.type(screen.getByLabelText('Code'), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code');
      await userEvent.clear(screen.getByLabelText('Code'));
      await userEvent.type(screen.getByLabelText('Code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
      expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('aaaa-bbbb');
      expect(t.callsTo('POST /ops/api/login/second-factor').at(-1)).toEqual({ challenge: 'ch-1', code: '123456' });
      expect(staffSession.get()).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Copy the codes' }));
      expect(await screen.findByText('Copied: paste them into your password manager.')).toBeInTheDocument();
      expect(written[0]).toContain('aaaa-bbbb\ncccc-dddd\neeee-ffff');
      await userEvent.click(screen.getByRole('button', { name: 'Download as a text file' }));
      expect(saved.map((s) => s.name)).toEqual(['giftlane-console-recovery-codes.txt']);
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved[0]!.blob);
      });
      expect(text).toContain('cccc-dddd');

      await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
      expect(staffSession.get()).toMatchObject({ token: 'tok-1234567890', name: 'Bola', role: 'reviewer' });
    },
  );
});
