// The contact form's rules. The e-mail rule and its message are the SDK's (SPEC §5); the others
// are this form's own and match what public/contact accepts (name ≤ 100, subject ≤ 200,
// message ≤ 5000 characters).
import { validateEmail } from '@giftlane/shared-sdk';

export interface ContactDraft {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactDraft, string>>;

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000, messageMin: 10 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Please tell us your name.',
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  emailRequired: 'Please enter your email address so we can reply.',
  subjectTooLong: `The subject can be at most ${CONTACT_LIMITS.subject} characters.`,
  messageRequired: 'Please write your message.',
  messageTooShort: `Please give us a little more detail (at least ${CONTACT_LIMITS.messageMin} characters).`,
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message} characters.`,
} as const;

export function validateContact(d: ContactDraft): ContactErrors {
  const e: ContactErrors = {};
  const name = d.name.trim();
  if (!name) e.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length > CONTACT_LIMITS.name) e.name = CONTACT_MESSAGES.nameTooLong;
  if (!d.email.trim()) e.email = CONTACT_MESSAGES.emailRequired;
  else {
    const emailError = validateEmail(d.email);
    if (emailError) e.email = emailError;
  }
  if (d.subject.trim().length > CONTACT_LIMITS.subject) e.subject = CONTACT_MESSAGES.subjectTooLong;
  const message = d.message.trim();
  if (!message) e.message = CONTACT_MESSAGES.messageRequired;
  else if (message.length < CONTACT_LIMITS.messageMin) e.message = CONTACT_MESSAGES.messageTooShort;
  else if (message.length > CONTACT_LIMITS.message) e.message = CONTACT_MESSAGES.messageTooLong;
  return e;
}
