// The replies of Help → cases (one case per order or withdrawal, or about anything else): the
// seller's list, one case with its messages and timeline, and what opening a case answers.
import { array as arr, boolean as bool, number as num, object as obj, oneOf, string as str } from './schema';

export const CASE_STATUSES = ['waiting_us', 'waiting_you', 'solved'] as const;
export const caseStatus = oneOf(...CASE_STATUSES);
export const caseAbout = oneOf('order', 'withdrawal', 'other');

export const caseListItem = obj({
  case_no: str,
  about: caseAbout,
  order_no: str,
  withdraw_no: str,
  subject: str,
  status: caseStatus,
  /** What the seller reads: "Waiting for us", "Waiting for you", "Solved". */
  status_text: str,
  create_time: num,
  update_time: num,
});

export const caseMessage = obj({
  id: num,
  from: oneOf('seller', 'staff'),
  /** "You", or the staff member's name. */
  name: str,
  body: str,
  /** Short-lived links to the photos (only the seller and staff get them). */
  images: arr(str),
  create_time: num,
});

export const caseDetail = obj({
  case_no: str,
  about: caseAbout,
  order_no: str,
  withdraw_no: str,
  subject: str,
  status: caseStatus,
  status_text: str,
  owner_name: str,
  create_time: num,
  /** Unix seconds; 0 while not yet. */
  first_response_due: num,
  first_response_time: num,
  resolution_due: num,
  solved_time: num,
  first_response_late: bool,
  resolution_late: bool,
  resolution: str,
  messages: arr(caseMessage),
  timeline: arr(obj({ kind: str, text: str, create_time: num })),
});

export const CASE_REPLIES = {
  'case/open': obj({ case_no: str, existing: bool }),
  'case/list': arr(caseListItem),
  'case/detail': caseDetail,
  'case/reply': caseDetail,
};
