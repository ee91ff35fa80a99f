// Every call Settings → Profile, Security and Account make to the api: the components
// call these, never the SDK itself (lint).
import { getSdk, type SocialBindRequest, type User } from '@giftlane/shared-sdk';

const api = () => getSdk().api;

/** The signed-in user as the api has it now; undefined when it cannot be read. */
export const readMe = (): Promise<User> => api().user.userInfo();

/** Refreshes the session's user (the navbar's name and photo). */
export const refreshNavbar = (): Promise<void> => getSdk().store.user.refresh();

/** Saves the nickname; the session's user (the navbar's greeting) follows. */
export const saveNickname = (nickname: string): Promise<void> => getSdk().store.user.rename(nickname);

export const changePassword = (current: string, next: string) =>
  api().user.modipassword({ password: current, new_password: next });

export const sendEmailCode = (email: string, password: string) =>
  api().user.sendEmailBindVerifyCode({ email, password });

/** Binds an address, or (replacing a bound one) changes it with the old address's code too. */
export const setEmail = (
  replacing: boolean,
  req: { email: string; verify_code: string; password: string; old_code?: string },
) => (replacing ? api().user.changeEmail(req) : api().user.bindEmail(req));

export const listCountries = () => api().public.countrylist();

export const sendWhatsAppCode = (whatsapp: string, password: string) =>
  api().user.sendWhatsAppCode({ whatsapp, password });

export const bindWhatsapp = (req: { whatsapp: string; code: string; password: string; old_code?: string }) =>
  api().user.bindWhatsapp(req);

/** Makes an uploaded photo the avatar and refreshes the navbar. */
export async function makeAvatar(url: string): Promise<void> {
  await api().account.avatar({ avatar: url });
  await refreshNavbar();
}

export const bindSocial = (req: SocialBindRequest) => api().social.socialBind(req);

export const mySessions = () => api().user.sessionList();

export const signOutDevice = (sessionId: string) => api().user.revokeSession({ session_id: sessionId });

/** Signs out every device, this one too: the session is forgotten here. */
export async function signOutEverywhere(): Promise<void> {
  await api().user.logoutAll();
  getSdk().store.session.clear();
}

/** Closes the account; the api revoked every session, so this one is forgotten too. */
export async function closeAccount(password: string): Promise<void> {
  await api().user.cancellation({ password });
  getSdk().store.session.clear();
}

export const myData = () => api().user.exportData();

/** Where updates about the seller's money go beside the app. */
export const myAlertChannels = () => api().user.alertChannels();

export const saveAlertChannels = (req: { email_on: boolean; whatsapp_on: boolean }) => api().user.setAlertChannels(req);
