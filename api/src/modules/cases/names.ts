// The words and rules of support cases: the statuses a seller reads, the messages of every refusal,
// the clocks worked out from a case's own times (no job is needed to show a breach).

export type CaseStatus = 'waiting_us' | 'waiting_you' | 'solved';
export type CaseAbout = 'order' | 'withdrawal' | 'other';

/** What a seller reads for each status. */
export const CASE_STATUS_TEXT: Record<CaseStatus, string> = {
  waiting_us: 'Waiting for us',
  waiting_you: 'Waiting for you',
  solved: 'Solved',
};

/** The clocks and limits (the `cases` setting; these are the seed values). */
export interface CaseSettings {
  first_response_hours: number;
  resolution_hours: number;
  max_message_chars: number;
  max_photos: number;
  opens_per_hour: number;
  messages_per_hour: number;
}

export const CASE_DEFAULTS: CaseSettings = {
  first_response_hours: 2,
  resolution_hours: 24,
  max_message_chars: 2000,
  max_photos: 5,
  opens_per_hour: 10,
  messages_per_hour: 60,
};

export const CASE_MESSAGES = {
  notFound: 'Case not found',
  orderNotFound: 'Order not found',
  withdrawalNotFound: 'Withdrawal not found',
  empty: 'Please write your message',
  tooLong: (max: number) => `Your message is too long: at most ${max} characters`,
  tooManyPhotos: (max: number) => `At most ${max} photos per message`,
  photoNotYours: 'A photo could not be attached: upload it again and retry',
  tooManyOpens: 'You have opened many cases in the last hour. Please write on an open case or try again later',
  tooManyMessages: 'You have sent many messages in the last hour. Please try again later',
  solvedElsewhere: (caseNo: string) =>
    `This case is solved and case ${caseNo} is open about the same subject: please write there`,
  alreadySolved: 'This case is already solved',
  resolutionRequired: 'Please write the resolution the seller will read',
  ownerUnknown: 'That staff member cannot take cases',
  guestPhotos: 'Photos cannot be sent on a case from the contact form: it is answered by e-mail',
} as const;

export interface Clock {
  /** When it is due. */
  due: Date;
  /** When it was met (the first staff reply, or the case solved), or null. */
  met_at: Date | null;
  /** Met late, or not met and past due. */
  breached: boolean;
}

export interface CaseClocks {
  first_response: Clock;
  resolution: Clock;
}

export function clocksOf(
  c: {
    first_response_due: Date;
    first_response_at: Date | null;
    resolution_due: Date;
    solved_at: Date | null;
  },
  now: number,
): CaseClocks {
  const clock = (due: Date, met: Date | null): Clock => ({
    due,
    met_at: met,
    breached: (met ? met.getTime() : now) > due.getTime(),
  });
  return {
    first_response: clock(c.first_response_due, c.first_response_at),
    resolution: clock(c.resolution_due, c.solved_at),
  };
}

/** A reference a seller or visitor can quote: CS- and 8 letters and digits that cannot be confused. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newCaseNo(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += ALPHABET[bytes[i]! % ALPHABET.length];
  return `CS-${s}`;
}

export const hours = (h: number) => h * 3_600_000;
