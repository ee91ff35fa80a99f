import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { saveChannelSettings, channelSettings } from './channel-service.js';
import type { OpsDeps } from './context.js';
import { ANY_STAFF, opsRoute } from './route.js';

const line = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).max(max, { error: `${label} is too long (maximum ${max} characters)` });

/** Our official channels (the public "Official channels" page and Help read them). */
export function channelRoutes(app: FastifyInstance, deps: OpsDeps): void {
  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/channels',
    roles: ANY_STAFF,
    summary: 'Our official WhatsApp numbers, e-mail addresses, domains and profiles, as sellers see them',
    handler: () => channelSettings(deps),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/channels',
    roles: ['admin'],
    summary: 'Replace the official channels sellers check against (admin; audited)',
    body: z.object({
      whatsapp: z.array(
        z.object({ number: line('Number', 40), purpose: line('Purpose', 80), hours: line('Hours', 120) }),
      ),
      emails: z.array(z.object({ address: line('Address', 254), purpose: line('Purpose', 80) })),
      domains: z.array(line('Domain', 253)),
      socials: z.array(z.object({ network: line('Network', 40), url: line('Link', 300) })),
    }),
    handler: ({ staff, body }) => saveChannelSettings(deps.db, deps, { staff, channels: body }),
  });
}
