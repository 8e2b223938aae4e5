import { CommunitiesService } from '../backend/modules/communities';
import { type UserDoc, USERS } from '../backend/projections/identity';
import type { Runtime } from '../backend/src/runtime';

/** The k6 feed script's community (COMMUNITY, default below): private, so every read checks membership. */
export const LOAD_COMMUNITY = process.env.LOAD_COMMUNITY ?? 'load-circle';

/**
 * The load seed's community, labelled "(seed)", made through the real commands: the first member
 * owns it, every other member is invited and joins. A second run finds it and adds the new members.
 */
export async function seedLoadCommunity(
  runtime: Runtime,
  members: string[],
): Promise<{ id: string; private: boolean }> {
  const communities = runtime.http!.get(CommunitiesService);
  const meta = { actor: 'seed', requestId: 'load-seed' };
  const users = runtime.readModels.collection<UserDoc>(USERS);
  const owner = await users.get(members[0]!);
  if (!owner) throw new Error('the load seed community: its owner is not in the read model yet');
  const id =
    (await communities.idOf(LOAD_COMMUNITY).catch(() => null)) ??
    (await communities.create(
      owner,
      {
        slug: LOAD_COMMUNITY,
        name: 'Load circle (seed)',
        description: '(seed) The load seed’s community: every seed member is in it.',
        rules: [],
        category: 'other',
        city: 'Nairobi',
        privacy: 'private',
      },
      meta,
    ));
  const state = await communities.state(id);
  for (const userId of members.slice(1)) {
    if (state.members[userId]) continue;
    if (!state.invites[userId]) await communities.act(LOAD_COMMUNITY, members[0]!, { type: 'Invite', userId }, meta);
    await communities.act(LOAD_COMMUNITY, userId, { type: 'Join' }, meta);
  }
  return { id, private: true };
}
