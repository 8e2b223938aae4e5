import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type UserDoc, USERS } from '@projections/identity';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a member id names a live account. Reads identity's members read model, which sign-up
 * waits for, so a member can be followed the moment they exist; a follow racing a deletion is
 * dropped by the projector.
 */
@Injectable()
export class MemberDirectoryQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async assertExists(userId: string): Promise<void> {
    const found = ID.test(userId) ? await this.readModels.collection<UserDoc>(USERS).get(userId) : null;
    if (!found) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
  }
}
