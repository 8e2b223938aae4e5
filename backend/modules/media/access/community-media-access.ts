import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { readsCommunity } from '@projections/communities';
import type { FastifyRequest } from 'fastify';

import { IdentityService, resolveSession } from '../../identity';

/**
 * Who may fetch a file that private communities' posts show: the signed-in member who uploaded it,
 * or one who reads one of those communities at this very request (a member who left or was banned
 * no longer does, whatever links they kept).
 */
@Injectable()
export class CommunityMediaAccess {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly identity: IdentityService,
  ) {}

  async admits(ownerId: string, communityIds: readonly string[], request: FastifyRequest): Promise<boolean> {
    const viewer = await resolveSession(this.identity, request);
    if (!viewer) return false;
    if (viewer.user.id === ownerId) return true;
    for (const id of communityIds) if (await readsCommunity(this.readModels, id, viewer.user.id)) return true;
    return false;
  }
}
