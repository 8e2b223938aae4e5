import http from 'node:http';
import https from 'node:https';

import webpush from 'web-push';

import type { VapidKeys } from './vapid-keys';

/** How long a push service keeps a push for a device that is offline: news of a day is still news. */
const TTL_SECONDS = 24 * 60 * 60;
/** Enough of an answer to log; the rest is dropped unread. */
const MAX_ANSWER_BYTES = 4096;

export interface Delivery {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Sends one encrypted push (RFC 8291 aes128gcm, signed with VAPID, RFC 8292). web-push builds the
 * request (headers, ciphertext); the request itself is ours, because web-push speaks https only and
 * our own transport follows no redirects (the allow-listed origin is the only host ever asked) and
 * keeps at most a few KB of the answer. Answers the push service's status code.
 */
export function deliver(
  to: Delivery,
  payload: string,
  vapid: VapidKeys & { subject: string },
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  const details = webpush.generateRequestDetails(to, payload, {
    vapidDetails: vapid,
    TTL: TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
  });
  const url = new URL(to.endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method: 'POST', headers: details.headers as http.OutgoingHttpHeaders, timeout: timeoutMs, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < MAX_ANSWER_BYTES) body += chunk.slice(0, MAX_ANSWER_BYTES - body.length);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`push service did not answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
