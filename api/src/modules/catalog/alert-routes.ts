import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emptyBody, int, text } from '../../lib/fields.js';
import { generationCache } from '../../lib/cache.js';
import { gcRoute } from '../../lib/route.js';
import {
  addRateAlert,
  ALERT_CURRENCIES,
  ALERT_MESSAGES,
  deleteRateAlert,
  HISTORY_DAYS,
  rateAlerts,
  rateSeries,
} from './alerts.js';

const cardId = () => int('card_id', { min: 1, required: ALERT_MESSAGES.card });
const currency = () => z.enum(ALERT_CURRENCIES, { error: ALERT_MESSAGES.currency });

/** How long a history is kept: it changes only when a rate does (the catalog's generation), or as its window moves. */
const HISTORY_TTL_MS = 60_000;

export async function rateAlertRoutes(app: FastifyInstance): Promise<void> {
  const histories = generationCache<unknown>({
    ttlMs: HISTORY_TTL_MS,
    max: 2000,
    generation: () => app.catalog.generation,
  });

  gcRoute(app, {
    path: '/card/rateHistory',
    summary: "A card's rate in a payout currency over the last 30 or 90 days: each change in effect, high and low",
    body: z.object({
      card_id: cardId(),
      currency: currency(),
      days: z.enum(HISTORY_DAYS, { error: ALERT_MESSAGES.days }),
    }),
    handler: async (req) => {
      const b = req.body;
      const key = `${b.card_id}:${b.currency}:${b.days}`;
      return histories(key, () =>
        rateSeries(app.db, app, { cardId: b.card_id, currency: b.currency, days: Number(b.days) }),
      );
    },
  });

  gcRoute(app, {
    path: '/card/rateAlerts',
    summary: "The seller's rate alerts, each with its card's rate now, and how many they may keep",
    auth: 'required',
    body: emptyBody,
    handler: async (req) => rateAlerts(app.db, app, { userId: req.auth!.userId }),
  });

  gcRoute(app, {
    path: '/card/rateAlertAdd',
    summary: 'Set a rate alert: tell me once when this card pays at least this rate in this currency',
    auth: 'required',
    body: z.object({
      card_id: cardId(),
      currency: currency(),
      target_rate: text('target_rate', 40, 'Enter a target rate'),
    }),
    handler: async (req) =>
      addRateAlert(app.db, app, {
        userId: req.auth!.userId,
        cardId: req.body.card_id,
        currency: req.body.currency,
        target: req.body.target_rate,
      }),
  });

  gcRoute(app, {
    path: '/card/rateAlertDelete',
    summary: 'Delete one of my rate alerts',
    auth: 'required',
    body: z.object({ alert_id: int('alert_id', { min: 1, required: ALERT_MESSAGES.notFound }) }),
    handler: async (req) => deleteRateAlert(app.db, app, { userId: req.auth!.userId, alertId: req.body.alert_id }),
  });
}
