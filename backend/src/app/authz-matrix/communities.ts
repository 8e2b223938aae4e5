import type { RouteRule } from './rule';

const SLUG = { slug: 'community' } as const;
const STRANGER = { slug: 'community', userId: 'strangerId' } as const;
const NOT_A_MEMBER = 'the stranger is in no community: the owner, who may act, is answered that';

/**
 * Communities (modules/communities, its README). The fields are explained in ./rule.ts. "owner" is
 * the community's owner; the app's staff are not its moderators (they read everything, but act in a
 * community only through the app's own moderation), so staff are denied its moderators' actions.
 */
export const COMMUNITY_ROUTES: Record<string, RouteRule> = {
  'POST /api/communities': {
    access: 'signed-in',
    ok: 201,
    body: { name: 'A new circle', category: 'youth', privacy: 'public' },
    except: { member: 403 },
    why: 'a member whose email is unverified cannot create a community',
  },
  'GET /api/communities': { access: 'public', ok: 200 },
  'GET /api/communities/:slug': { access: 'public', ok: 200, params: SLUG },
  'PATCH /api/communities/:slug': { access: 'owner', ok: 200, params: SLUG, body: { description: 'Updated' } },
  'DELETE /api/communities/:slug': {
    access: 'owner',
    staff: 'ok',
    ok: 200,
    params: SLUG,
    fresh: 'community',
    body: { reason: 'The circle meets elsewhere now' },
    why: "the app's moderators close a community with a reason; its own moderators cannot delete it",
  },
  'POST /api/communities/:slug/join': { access: 'signed-in', ok: 201, params: SLUG },
  'POST /api/communities/:slug/leave': {
    access: 'signed-in',
    ok: 200,
    params: SLUG,
    except: { owner: 409 },
    why: 'the owner hands ownership over before leaving',
  },
  'GET /api/communities/:slug/requests': { access: 'owner', ok: 200, staff: 'ok', params: SLUG },
  'POST /api/communities/:slug/requests/:userId/approve': {
    access: 'owner',
    ok: 404,
    params: STRANGER,
    why: 'no request from the stranger',
  },
  'POST /api/communities/:slug/requests/:userId/decline': {
    access: 'owner',
    ok: 404,
    params: STRANGER,
    why: 'no request from the stranger',
  },
  'POST /api/communities/:slug/invites': {
    access: 'owner',
    ok: 404,
    params: SLUG,
    body: { username: 'nobody_by_this_name' },
    why: 'an unknown name, told only to a moderator',
  },
  'GET /api/communities/:slug/members': { access: 'public', ok: 200, params: SLUG },
  'POST /api/communities/:slug/members/:userId/role': {
    access: 'owner',
    ok: 404,
    params: STRANGER,
    body: { role: 'moderator' },
    why: NOT_A_MEMBER,
  },
  'POST /api/communities/:slug/owner': {
    access: 'owner',
    ok: 404,
    params: SLUG,
    body: (f) => ({ userId: f.strangerId }),
    why: NOT_A_MEMBER,
  },
  'POST /api/communities/:slug/members/:userId/mute': {
    access: 'owner',
    ok: 404,
    params: STRANGER,
    body: { reason: 'Calm down' },
    why: NOT_A_MEMBER,
  },
  'DELETE /api/communities/:slug/members/:userId/mute': {
    access: 'owner',
    ok: 404,
    params: STRANGER,
    why: NOT_A_MEMBER,
  },
  'POST /api/communities/:slug/members/:userId/ban': {
    access: 'owner',
    ok: 200,
    params: STRANGER,
    body: { reason: 'Spam' },
  },
  'DELETE /api/communities/:slug/members/:userId/ban': { access: 'owner', ok: 200, params: STRANGER },
  'GET /api/communities/:slug/bans': { access: 'owner', ok: 200, staff: 'ok', params: SLUG },
  'PUT /api/communities/:slug/settings': { access: 'owner', ok: 200, params: SLUG, body: { notify: 'pinned' } },
  'GET /api/communities/:slug/posts': { access: 'public', ok: 200, params: SLUG },
  'POST /api/communities/:slug/posts/:postId/pin': {
    access: 'owner',
    ok: 200,
    params: { slug: 'community', postId: 'communityPost' },
  },
  'DELETE /api/communities/:slug/posts/:postId/pin': {
    access: 'owner',
    ok: 200,
    params: { slug: 'community', postId: 'communityPost' },
  },
  'GET /api/communities/:slug/reports': { access: 'owner', ok: 200, staff: 'ok', params: SLUG },
  'POST /api/communities/:slug/reports/:postId/dismiss': {
    access: 'owner',
    ok: 200,
    params: { slug: 'community', postId: 'communityPost' },
  },
  'POST /api/communities/:slug/posts/:postId/remove': {
    access: 'owner',
    ok: 200,
    params: { slug: 'community', postId: 'communityPostToRemove' },
    body: { reason: 'Off topic' },
  },
};
