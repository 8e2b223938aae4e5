import type { RouteRule } from './rule';

/** Conversations and their messages. The fields are explained in ./rule.ts. */
export const MESSAGING_ROUTES: Record<string, RouteRule> = {
  // ---- messaging --------------------------------------------------------------------------------
  'GET /api/conversations': { access: 'signed-in', ok: 200 },
  'POST /api/conversations': { access: 'signed-in', ok: 201, body: (f) => ({ userId: f.peerId }) },
  'GET /api/conversations/:id': { access: 'owner', ok: 200, params: { id: 'conversation' } },
  'GET /api/conversations/:id/messages': { access: 'owner', ok: 200, params: { id: 'conversation' } },
  'POST /api/conversations/:id/mark-read': { access: 'owner', ok: 200, params: { id: 'conversation' } },
  'POST /api/conversations/:id/mute': {
    access: 'owner',
    ok: 200,
    params: { id: 'conversation' },
    body: { muted: true },
  },
  'POST /api/conversations/:id/archive': {
    access: 'owner',
    ok: 200,
    params: { id: 'conversation' },
    body: { archived: false },
  },
  'POST /api/messages': {
    access: 'owner',
    ok: 201,
    body: (f) => ({ conversationId: f.conversation, content: 'Salaam' }),
  },
  'POST /api/messages/:id/star': { access: 'owner', ok: 200, params: { id: 'message' }, body: { starred: true } },
  'POST /api/messages/:id/report': {
    access: 'owner',
    ok: 201,
    denied: 404,
    params: { id: 'message' },
    body: { reason: 'Spam' },
  },
};
