import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type ProfileDoc, PROFILES } from '@projections/profiles';

import { type Author, AuthorsQuery } from '../ports/authors.port';

export function toAuthor(p: ProfileDoc): Author {
  return {
    id: p.id,
    name: p.displayName,
    displayName: p.displayName,
    username: p.username,
    avatarUrl: p.avatarUrl,
    profileImage: p.avatarUrl,
    bio: p.bio,
    isVerified: p.verified,
  };
}

/** AuthorsQuery over the profiles read model: one getMany per page. */
@Injectable()
export class ReadModelAuthors extends AuthorsQuery {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {
    super();
  }

  async byIds(ids: readonly string[]): Promise<Map<string, Author>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const docs = await this.readModels.collection<ProfileDoc>(PROFILES).getMany(unique);
    return new Map(docs.map((d) => [d.id, toAuthor(d)]));
  }
}
