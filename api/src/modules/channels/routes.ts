import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gcRoute } from '../../lib/route.js';
import { CHANNEL_MESSAGES, CHECK_MAX } from './rules.js';
import { channelList, checkOfficial } from './service.js';

/** Our official channels, for the public "Official channels" page, Help and the apps. */
export async function channelRoutes(app: FastifyInstance): Promise<void> {
  gcRoute(app, {
    path: '/public/channels',
    summary: 'Our official WhatsApp numbers (with what each is for and its hours), e-mail addresses, domains, profiles',
    body: z.object({}),
    handler: () => channelList(app),
  });

  gcRoute(app, {
    path: '/public/channelCheck',
    summary: 'Is this phone number, e-mail address or link one of ours? (a look-alike is not)',
    // Per address, like the other public look-ups: the list is public, but a loop of checks is not a use.
    limit: 'lookup',
    body: z.object({
      text: z
        .string({ error: CHANNEL_MESSAGES.checkRequired })
        .trim()
        .min(1, { error: CHANNEL_MESSAGES.checkRequired })
        .max(CHECK_MAX, { error: CHANNEL_MESSAGES.checkTooLong }),
    }),
    handler: (req) => checkOfficial(app, { text: req.body.text }),
  });
}
