import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import qrcode from 'qrcode-generator';
import { ops, staffSession, type StaffSession } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOutcome } from '../lib/use-outcome';

type Step =
  | { at: 'password' }
  | { at: 'code'; challenge: string; enrol?: { secret: string; url: string } }
  | { at: 'recovery'; codes: string[]; session: StaffSession };

/** The QR code of the otpauth:// link, as an image an authenticator app scans. */
function Qr({ text }: { text: string }) {
  const src = useMemo(() => {
    const q = qrcode(0, 'M');
    q.addData(text);
    q.make();
    return q.createDataURL(5, 8);
  }, [text]);
  return <img src={src} alt="QR code for your authenticator app" width={220} height={220} className="ops-qr" />;
}

/** A key typed by hand is read in groups of four: "ABCD EFGH …". */
export const groupsOfFour = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/** The recovery codes, saved: copied to the clipboard, or downloaded as a text file. */
function SaveCodes({ codes, name }: { codes: string[]; name: string }) {
  const [said, setSaid] = useState('');
  const text = `GiftLane console recovery codes for ${name}\nEach signs you in once.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied: paste them into your password manager.');
    } catch {
      setSaid('This browser did not allow copying: download them instead.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'giftlane-console-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setSaid('Downloaded as giftlane-console-recovery-codes.txt.');
  };
  return (
    <>
      <Space wrap className="ops-gap">
        <Button onClick={() => void copy()}>Copy the codes</Button>
        <Button onClick={download}>Download as a text file</Button>
      </Space>
      {said && (
        <p role="status" className="ops-muted">
          {said}
        </p>
      )}
    </>
  );
}

/**
 * Staff sign-in: e-mail and password, then the 6-digit code of an authenticator app. On the first
 * sign-in the app is enrolled from a QR code, and ten recovery codes are shown once.
 */
export function SignIn() {
  const [step, setStep] = useState<Step>({ at: 'password' });
  const { run, busy, notice } = useOutcome();
  const ended = staffSession.endedBecause();

  const password = (v: { email: string; password: string }) =>
    run(async () => {
      const r = await ops().auth.login(v);
      setStep({
        at: 'code',
        challenge: r.challenge,
        enrol: r.second_factor === 'enrol' ? { secret: r.totp_secret!, url: r.otpauth_url! } : undefined,
      });
    });

  const code = (v: { code: string }) =>
    run(async () => {
      if (step.at !== 'code') return;
      const r = await ops().auth.secondFactor({ challenge: step.challenge, code: v.code.trim() });
      const session: StaffSession = { token: r.token, id: r.id, name: r.name, role: r.role };
      if (r.recovery_codes?.length) setStep({ at: 'recovery', codes: r.recovery_codes, session });
      else staffSession.set(session);
    });

  return (
    <div className="ops-signin">
      <div className="ops-signin__box">
        <PageTitle tab="Sign in">GiftLane console: staff sign-in</PageTitle>
        {ended && step.at === 'password' && <Alert type="info" showIcon title={ended} className="ops-gap" />}
        {notice}
        {step.at === 'password' && (
          <Form layout="vertical" onFinish={password} requiredMark={false}>
            <Form.Item label="E-mail" name="email" rules={[{ required: true, message: 'Enter your staff e-mail' }]}>
              <Input type="email" autoComplete="username" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block>
              Continue
            </Button>
          </Form>
        )}
        {step.at === 'code' && (
          <Form layout="vertical" onFinish={code} requiredMark={false}>
            {step.enrol ? (
              <>
                <Typography.Paragraph>
                  Set up two-step sign-in: scan this code with an authenticator app (Google Authenticator, Microsoft
                  Authenticator, 1Password…), then enter the 6 digits it shows.
                </Typography.Paragraph>
                <Qr text={step.enrol.url} />
                <Typography.Paragraph>
                  Or type this key:{' '}
                  <code className="ops-secret" data-testid="totp-secret">
                    {groupsOfFour(step.enrol.secret)}
                  </code>
                </Typography.Paragraph>
              </>
            ) : (
              <Typography.Paragraph>
                Enter the 6-digit code from your authenticator app, or one of your recovery codes.
              </Typography.Paragraph>
            )}
            <Form.Item label="Code" name="code" rules={[{ required: true, message: 'Enter the code' }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={11} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block>
              {step.enrol ? 'Turn on and sign in' : 'Sign in'}
            </Button>
            <Button type="link" onClick={() => setStep({ at: 'password' })}>
              Start again
            </Button>
          </Form>
        )}
        {step.at === 'recovery' && (
          <>
            <Alert
              type="warning"
              showIcon
              title={
                'Save these recovery codes now: each signs you in once if you lose your phone. They are not ' +
                'shown again.'
              }
              className="ops-gap"
            />
            <ol className="ops-recovery" aria-label="Recovery codes">
              {step.codes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ol>
            <SaveCodes codes={step.codes} name={step.session.name} />
            <Button type="primary" block onClick={() => staffSession.set(step.session)}>
              I have saved them
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
