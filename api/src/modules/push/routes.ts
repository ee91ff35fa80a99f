import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { optText, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { EXPO_TOKEN } from './expo.js';
import { pushRepo } from './repo.js';

export const PUSH_MESSAGES = { token: 'push_device_token must be an Expo push token' } as const;

/**
 * user/registerDeviceToken: the app's Expo push token, stored for the account signed in on that
 * device (the app also calls it signed out, with the token field `undefined`: then it is kept
 * without an account until someone signs in there).
 */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  gcRoute(app, {
    path: '/user/registerDeviceToken',
    summary: 'Store the Expo push token of this device (for the signed-in account, if any)',
    auth: 'optional',
    body: z.object({
      push_device_token: text('push_device_token', 200),
      device_type: optText('device_type', 200),
      device_no: optText('device_no', 200),
      os_type: optText('os_type', 20),
    }),
    handler: async (req) => {
      const b = req.body;
      if (!EXPO_TOKEN.test(b.push_device_token)) throw new AppError(PUSH_MESSAGES.token);
      await pushRepo.saveToken(app.db, {
        token: b.push_device_token,
        userId: req.auth?.userId ?? null,
        deviceNo: b.device_no,
        deviceType: b.device_type,
        osType: b.os_type,
      });
      return null;
    },
  });
}
