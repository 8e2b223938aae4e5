import { PNG_1x1 } from '@testing/owned-resources';

import type { RouteRule } from './rule';

const POST = { id: 'post' } as const;

/** Relationships and profiles, media, posts and notifications. The fields are explained in ./rule.ts. */
export const SOCIAL_ROUTES: Record<string, RouteRule> = {
  // ---- relationships and profiles ---------------------------------------------------------------
  'GET /api/users/me/counts': { access: 'signed-in', ok: 200 },
  'GET /api/users/search': { access: 'signed-in', ok: 200, query: { q: 'amina' } },
  'GET /api/users/suggestions': { access: 'signed-in', ok: 200, query: { limit: '5' } },
  'POST /api/users/:id/follow': {
    access: 'signed-in',
    ok: 200,
    params: { id: 'ownerId' },
    except: { owner: 400 },
    why: 'no one follows themselves',
  },
  'DELETE /api/users/:id/follow': {
    access: 'signed-in',
    ok: 200,
    params: { id: 'ownerId' },
    except: { owner: 400 },
    why: 'no one follows themselves',
  },
  'POST /api/users/:id/block': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'DELETE /api/users/:id/block': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'POST /api/users/:id/mute': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'DELETE /api/users/:id/mute': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'POST /api/users/:id/report': {
    access: 'signed-in',
    ok: 201,
    params: { id: 'strangerId' },
    body: { reason: 'Spam' },
  },
  'POST /api/profile/update': { access: 'signed-in', ok: 200, body: { bio: 'Student of knowledge' } },
  'GET /api/profile/:username': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/followers': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/following': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  // One route for the tabs (posts, media, likes, replies): checked with the only one that is not
  // public; profile-tabs.api.test.ts shows the public ones answer everyone.
  'GET /api/profile/:username/:tab': {
    access: 'owner',
    ok: 200,
    params: { username: 'ownerUsername', tab: '=likes' },
    except: { guest: 403 },
    why: 'likes are private: a guest is told so too, not asked to sign in',
  },

  // ---- media --------------------------------------------------------------------------------------
  'GET /media/:id': { access: 'public', ok: 404, why: 'an unknown media id' },
  'GET /media/:id/:file': { access: 'public', ok: 404, why: 'an unknown media id' },
  'GET /media/profiles/:name': { access: 'public', ok: 404, why: 'an unknown picture' },
  'GET /api/placeholder-image': { access: 'public', ok: 200 },
  'GET /api/placeholder-video': { access: 'public', ok: 200 },
  'POST /api/uploads/init': {
    access: 'signed-in',
    ok: 201,
    body: {
      filename: 'notes.txt',
      fileSize: 5,
      fileType: 'text/plain',
      totalChunks: 1,
      checksum: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    },
  },
  'GET /api/uploads/:uploadId': { access: 'owner', ok: 200, params: { uploadId: 'upload' } },
  'POST /api/uploads/:uploadId/chunk/:index': {
    access: 'owner',
    ok: 201,
    params: { uploadId: 'upload', index: '=0' },
    headers: { 'Content-Range': `bytes 0-${PNG_1x1.length - 1}/${PNG_1x1.length}` },
    body: PNG_1x1,
  },
  'POST /api/uploads/:uploadId/finalize': { access: 'owner', ok: 200, params: { uploadId: 'upload' } },

  // ---- posts ----------------------------------------------------------------------------------------
  'GET /api/posts': { access: 'public', ok: 200 },
  'GET /api/feed': { access: 'signed-in', ok: 200 },
  'GET /api/qa/feed': { access: 'public', ok: 200 },
  'GET /api/videos': { access: 'public', ok: 200 },
  'GET /api/bookmarks': { access: 'signed-in', ok: 200 },
  'POST /api/posts': { access: 'signed-in', ok: 201, body: { content: 'Salaam' } },
  'POST /api/posts/video': { access: 'signed-in', ok: 400, why: 'no video file' },
  'GET /api/posts/video/drafts': { access: 'signed-in', ok: 200 },
  'POST /api/posts/video/drafts': { access: 'signed-in', ok: 201, body: { caption: 'A draft' } },
  'DELETE /api/posts/video/drafts/:draftId': {
    access: 'owner',
    ok: 200,
    denied: 404,
    params: { draftId: 'draft' },
    fresh: 'draft',
  },
  'GET /api/posts/:id': { access: 'public', ok: 200, params: POST },
  'DELETE /api/posts/:id': { access: 'owner', ok: 200, staff: 'ok', params: POST, fresh: 'post' },
  'PATCH /api/posts/:id/edit': { access: 'owner', ok: 200, params: POST, body: { content: 'Salaam, edited' } },
  'POST /api/posts/:id/pin': { access: 'owner', ok: 200, params: POST },
  'POST /api/posts/:id/poll/vote': { access: 'signed-in', ok: 200, params: { id: 'pollPost' }, body: { option: 1 } },
  'POST /api/posts/:id/report': { access: 'signed-in', ok: 201, params: POST, body: { reason: 'Spam' } },
  // A hidden post exists for its author (and moderators) only: anyone else, staff included, is told 404.
  'POST /api/posts/:id/appeal': {
    access: 'owner',
    ok: 201,
    denied: 404,
    params: { id: 'hiddenPost' },
    fresh: 'hiddenPost',
    body: { text: 'Please look again' },
  },
  'POST /api/posts/:id/repost': { access: 'signed-in', ok: 200, params: POST },
  'DELETE /api/posts/:id/repost': { access: 'signed-in', ok: 200, params: POST },
  'POST /api/posts/:id/like': { access: 'signed-in', ok: 200, params: POST },
  'DELETE /api/posts/:id/like': { access: 'signed-in', ok: 200, params: POST },
  'POST /api/posts/:id/bookmark': { access: 'signed-in', ok: 200, params: POST },
  'DELETE /api/posts/:id/bookmark': { access: 'signed-in', ok: 200, params: POST },
  'GET /api/posts/:id/comments': { access: 'public', ok: 200, params: POST },
  'POST /api/posts/:id/comments': { access: 'signed-in', ok: 201, params: POST, body: { content: 'Ameen' } },
  'DELETE /api/posts/:id/comments/:commentId': {
    access: 'owner',
    ok: 200,
    params: { id: 'post', commentId: 'comment' },
    fresh: 'comment',
  },
  'POST /api/comments/:id/report': {
    access: 'signed-in',
    ok: 201,
    params: { id: 'comment' },
    body: { reason: 'Spam' },
  },
  'POST /api/ai-share': {
    access: 'signed-in',
    ok: 422,
    why: 'an answer the scholar never gave the visitor (ANSWER_NOT_PRODUCED): a genuine share is in answers.api.test.ts',
    body: { question: 'What is zakat?', answer: 'A yearly due on savings above the nisab.' },
  },
  'POST /api/ai/ask': { access: 'public', ok: 200, body: { question: 'What is zakat?' } },
  'GET /api/search/results': { access: 'public', ok: 200, query: { q: 'salaam' } },
  'GET /api/search/people': { access: 'public', ok: 200, query: { q: 'am' } },

  // ---- notifications ----------------------------------------------------------------------------
  'GET /api/notifications': { access: 'signed-in', ok: 200 },
  'GET /api/notifications/unread-count': { access: 'signed-in', ok: 200 },
  'PUT /api/notifications/mark-all-read': { access: 'signed-in', ok: 200 },
  'PUT /api/notifications/:id/read': {
    access: 'owner',
    ok: 200,
    denied: 404,
    params: { id: 'notification' },
    fresh: 'notification',
  },
  'DELETE /api/notifications/:id': {
    access: 'owner',
    ok: 200,
    denied: 404,
    params: { id: 'notification' },
    fresh: 'notification',
  },
};
