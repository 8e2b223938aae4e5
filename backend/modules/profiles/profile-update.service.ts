import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';

import { profileDecider } from './domain/profile.decider';
import { type ProfileField, type ProfileFields, profileStream } from './events';
import { ProfileViewsQueries } from './queries/profile-views.queries';

/** The fields a member asks to change; absent or undefined means "leave as it is". */
export type WantedProfile = { [K in ProfileField]?: ProfileFields[K] | undefined };

/** The profiles projector serves the profile the member reads next. */
const PROFILES_READ_MODEL = ['profiles'] as const;

/** Edits a member's own profile: only what changed is sealed into a ProfileUpdated event. */
@Injectable()
export class ProfileUpdateService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly views: ProfileViewsQueries,
    @Inject(PERSONAL_DATA_VAULT) private readonly vault: PersonalDataVault,
  ) {}

  /** Answers the picture URLs the profile stopped showing, for the caller to remove. */
  async update(userId: string, wanted: WantedProfile, meta: CommandMetadata): Promise<{ replacedPictures: string[] }> {
    const current = await this.views.byId(userId);
    const changes: Partial<ProfileFields> = {};
    for (const [field, value] of Object.entries(wanted) as [ProfileField, string | null | undefined][]) {
      if (value === undefined || (current && current[field] === value)) continue;
      (changes as Record<string, string | null>)[field] = value;
    }
    if (Object.keys(changes).length === 0) return { replacedPictures: [] };
    await this.commands.execute(
      profileStream(userId),
      profileDecider,
      {
        type: 'UpdateProfile',
        userId,
        changes,
        sealed: await this.vault.seal(userId, changes),
        now: new Date().toISOString(),
      },
      { ...meta, actor: userId },
      { waitFor: PROFILES_READ_MODEL },
    );
    const replacedPictures = (['avatarUrl', 'bannerUrl'] as const)
      .filter((f) => changes[f] !== undefined)
      .map((f) => current?.[f] ?? null);
    return { replacedPictures: replacedPictures.filter((u): u is string => u !== null) };
  }
}
