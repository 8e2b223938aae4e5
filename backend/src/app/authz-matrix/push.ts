import type { RouteRule } from './rule';

/**
 * Web Push (modules/push). The fields are explained in ./rule.ts. Nothing may leave 127.0.0.1 in
 * tests, and this suite's configuration allows no push service there: a subscription that passes
 * authorisation is refused by validation (400), and removing a device nobody subscribed answers 404.
 */
export const PUSH_ROUTES: Record<string, RouteRule> = {
  'GET /api/push/key': { access: 'public', ok: 200 },
  'GET /api/push/subscriptions': { access: 'signed-in', ok: 200 },
  'POST /api/push/subscriptions': {
    access: 'signed-in',
    ok: 400,
    body: {
      endpoint: 'https://push.invalid/send/authz',
      keys: {
        p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  },
  'DELETE /api/push/subscriptions': {
    access: 'signed-in',
    ok: 404,
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/nobody' },
  },
  'GET /api/push/settings': { access: 'signed-in', ok: 200 },
  'PUT /api/push/settings': { access: 'signed-in', ok: 200, body: { donations: true } },
};
