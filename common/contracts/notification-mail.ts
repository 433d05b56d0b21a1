import { z } from 'zod';
import { NOTIFY_KINDS } from '../rules/notification-preferences.ts';
import { UNSUBSCRIBE_MSG } from '../rules/notification-mail.ts';
import { endpoint } from './endpoint.ts';

// The unsubscribe link of every notification mail, weekly digest and announcement (docs/API.md
// "Notification mail"): one signed token names the member and the kinds of mail it stops. The link
// itself opens a server-written page (GET and POST /unsubscribe); this is the same for a script.

export const ZUnsubscribeRequest = z.object({ token: z.string({ error: UNSUBSCRIBE_MSG.invalid }).max(200, UNSUBSCRIBE_MSG.invalid) });

export const ZUnsubscribed = z.object({
  message: z.string(),
  /** The kinds whose email switch is now off. */
  kinds: z.array(z.enum(NOTIFY_KINDS)),
});
export type TUnsubscribed = z.infer<typeof ZUnsubscribed>;

/** Turns off the email switch of the token's kinds (a second time changes nothing); 400 for a bad token. */
export const unsubscribeFromMail = endpoint({
  method: 'POST',
  path: '/api/unsubscribe',
  body: ZUnsubscribeRequest,
  responses: { 200: ZUnsubscribed },
  errors: [400, 429],
});
