import type { Member } from '@testing/members';

/** A member's calls to /api/communities as the API suites make them (with the member's CSRF token). */
export const sendToCommunities = (
  m: Member,
  method: 'post' | 'patch' | 'put' | 'delete',
  path: string,
  body?: object,
) => m.agent[method](`/api/communities${path}`).set('X-CSRF-Token', m.token).send(body);

/** A valid creation form: a public study circle in Nairobi under a fresh name, with `over` on top. */
export const communityForm = (over: Record<string, unknown> = {}) => ({
  name: `Tajweed circle ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Reciting together on Thursdays',
  rules: ['Be kind', 'No selling'],
  category: 'study_circle',
  city: 'Nairobi',
  privacy: 'public',
  ...over,
});

/** Creates a community owned by `owner` (201 expected): its id and slug. */
export const createCommunity = async (owner: Member, over: Record<string, unknown> = {}) =>
  (await sendToCommunities(owner, 'post', '', communityForm(over)).expect(201)).body.community as {
    id: string;
    slug: string;
  };
