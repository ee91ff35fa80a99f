import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@giftlane/shared-sdk';
import { Refusal, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { PasswordSettings, ProfileSettings } from '../profile-settings';

const user = (over: Partial<User> = {}) =>
  ({
    nickname: 'Ada Obi',
    email: 'ada@example.com',
    is_email_bind: true,
    whatsapp: '',
    country_id: 1,
    country_name: 'Nigeria',
    ...over,
  }) as User;

const CHANGES = [
  'modinickname',
  'modipassword',
  'sendEmailBindVerifyCode',
  'changeEmail',
  'bindEmail',
  'sendWhatsAppCode',
  'bindWhatsapp',
];
let api: TestApi;
beforeEach(() => {
  api = testApi({
    ...Object.fromEntries(CHANGES.map((c) => [`user/${c}`, null])),
    'public/countrylist': [
      { id: 1, name: 'Nigeria', area_number: '+234' },
      { id: 2, name: 'Ghana', area_number: '+233' },
    ],
  });
});

describe('profile: nickname', () => {
  it('checks the name, saves it, refreshes the navbar store and shows the new name', async () => {
    render(<ProfileSettings user={user()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change nickname' }));
    const input = screen.getByRole('textbox', { name: 'New nickname' });
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a nickname.');
    expect(api.callsTo('user/modinickname')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '  Chidi  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect(await screen.findByText('Your nickname is changed.')).toBeInTheDocument();
    expect(api.callsTo('user/modinickname').at(-1)).toEqual({ nickname: 'Chidi' });
    expect(api.callsTo('user/userInfo')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'New nickname' })).not.toBeInTheDocument();
    expect(screen.getByText('Chidi')).toBeInTheDocument();
  });

  it("shows the api's refusal and keeps the form", async () => {
    api.answer('user/modinickname', new Refusal('Nickname is too long (maximum 40 characters)'));
    render(<ProfileSettings user={user()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change nickname' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New nickname' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nickname is too long (maximum 40 characters)');
    expect(screen.getByRole('textbox', { name: 'New nickname' })).toBeInTheDocument();
  });
});

describe('profile: e-mail', () => {
  it('sends a code to the new address, then changes it with the code', async () => {
    render(<ProfileSettings user={user()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const address = screen.getByRole('textbox', { name: 'New e-mail address' });
    await userEvent.type(address, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    await userEvent.clear(address);
    await userEvent.type(address, 'Ada.New@Example.com ');
    await userEvent.type(screen.getByLabelText('Your login password'), 'My-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    expect(
      await screen.findByText(
        'We sent a 4-digit code to ada.new@example.com and another to ada@example.com. They are valid for 10 minutes.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('user/sendEmailBindVerifyCode').at(-1)).toEqual({
      email: 'ada.new@example.com',
      password: 'My-password-1',
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Code sent to ada.new@example.com' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the complete 4-digit OTP.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code sent to ada.new@example.com' }), '34');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    // The current address's code is needed too.
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the complete 4-digit OTP.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code sent to ada@example.com' }), '5678');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(
      await screen.findByText('Your e-mail address is now ada.new@example.com. We told your old address.'),
    ).toBeInTheDocument();
    expect(api.callsTo('user/changeEmail').at(-1)).toEqual({
      email: 'ada.new@example.com',
      verify_code: '1234',
      old_code: '5678',
      password: 'My-password-1',
    });
    expect(screen.getByText('ada.new@example.com')).toBeInTheDocument();
  });

  it('binds a first address with bindEmail', async () => {
    render(<ProfileSettings user={user({ email: '', is_email_bind: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add an e-mail' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail address' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Your login password'), 'My-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code sent to ada@example.com' }), '4321');
    await userEvent.click(screen.getByRole('button', { name: 'Add e-mail address' }));
    expect(await screen.findByText('ada@example.com is now your e-mail address.')).toBeInTheDocument();
    expect(api.callsTo('user/bindEmail').at(-1)).toEqual({
      email: 'ada@example.com',
      verify_code: '4321',
      password: 'My-password-1',
    });
    expect(api.callsTo('user/changeEmail')).toHaveLength(0);
  });
});

describe('profile: WhatsApp', () => {
  it('adds a number typed the Nigerian way (08…) with the dial code, the login password and the code', async () => {
    render(<ProfileSettings user={user()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add WhatsApp' }));
    expect(await screen.findByRole('option', { name: 'Nigeria (+234)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('+234');
    await userEvent.type(screen.getByRole('textbox', { name: 'New WhatsApp number' }), '0812');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Phone number too short (minimum 8 digits)');
    await userEvent.type(screen.getByRole('textbox', { name: 'New WhatsApp number' }), '1325873');
    await userEvent.type(screen.getByLabelText('Your login password'), 'My-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    expect(
      await screen.findByText('We sent a 4-digit code to +2348121325873 on WhatsApp. It is valid for 10 minutes.'),
    ).toBeInTheDocument();
    expect(api.callsTo('user/sendWhatsAppCode').at(-1)).toEqual({
      whatsapp: '+2348121325873',
      password: 'My-password-1',
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Code sent to +2348121325873' }), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Add WhatsApp number' }));
    expect(await screen.findByText('+2348121325873 is now your WhatsApp number.')).toBeInTheDocument();
    expect(api.callsTo('user/bindWhatsapp').at(-1)).toEqual({
      whatsapp: '+2348121325873',
      code: '2468',
      password: 'My-password-1',
    });
  });

  it('takes a number typed with its dial code (+234…) as it is', async () => {
    render(<ProfileSettings user={user()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add WhatsApp' }));
    await screen.findByRole('option', { name: 'Nigeria (+234)' });
    await userEvent.type(screen.getByRole('textbox', { name: 'New WhatsApp number' }), '+234 812 132 5873');
    await userEvent.type(screen.getByLabelText('Your login password'), 'My-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    expect(await screen.findByText(/We sent a 4-digit code to \+2348121325873 on WhatsApp/)).toBeInTheDocument();
    expect(api.callsTo('user/sendWhatsAppCode').at(-1)).toEqual({
      whatsapp: '+2348121325873',
      password: 'My-password-1',
    });
  });

  it('changing a bound number asks for the code sent to it too, and shows the api refusal', async () => {
    api.answer('user/bindWhatsapp', new Refusal('The login password is incorrect, 4 attempts left'), null);
    render(<ProfileSettings user={user({ whatsapp: '+233241234567', whatsapp_bind: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change WhatsApp' }));
    await screen.findByRole('option', { name: 'Ghana (+233)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+233');
    await userEvent.type(screen.getByRole('textbox', { name: 'New WhatsApp number' }), '0201234567');
    await userEvent.type(screen.getByLabelText('Your login password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code sent to +233201234567' }), '1111');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code sent to +233241234567' }), '2222');
    await userEvent.click(screen.getByRole('button', { name: 'Change WhatsApp number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The login password is incorrect, 4 attempts left');
    expect(api.callsTo('user/bindWhatsapp').at(-1)).toEqual({
      whatsapp: '+233201234567',
      code: '1111',
      old_code: '2222',
      password: 'wrong',
    });
  });
});

describe('password', () => {
  it('checks the fields with the sign-up rules, then changes the password and clears the form', async () => {
    render(<PasswordSettings hasPassword />);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('Password is required.')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the errors before submitting.');
    await userEvent.type(screen.getByLabelText('Current password'), 'Old12345');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.callsTo('user/modipassword')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'NewSecret9');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'NewSecret9');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed.');
    expect(api.callsTo('user/modipassword').at(-1)).toEqual({ password: 'Old12345', new_password: 'NewSecret9' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('explains how a social-only account gets a password', () => {
    render(<PasswordSettings hasPassword={false} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByText(/your account has no password/)).toBeInTheDocument();
  });
});
