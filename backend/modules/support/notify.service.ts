import { emailKey } from '@modules/identity';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import { newId } from '@platform/ids';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';

import { notifySubscriberDecider } from './domain/notify-subscriber.decider';
import { notifyStream } from './events';
import { SUPPORT_LIMITS as L, SUPPORT_MESSAGES as M } from './limits';
import type { NotifyAnswer } from './views';

// One address, no spaces, a dot in the domain: what a person types, not the whole of RFC 5322.
const ADDRESS = /^[^\s@<>,;"()[\]\\]+@[^\s@<>,;"()[\]\\]+\.[^\s@<>,;"()[\]\\]+$/;

/** A guest's address as typed: required, and it must look like an address (spec part 2 §5). */
export function guestEmail(value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
    throw new DomainError('EMAIL_REQUIRED', M.emailRequired, 400);
  if (typeof value !== 'string') throw new DomainError('EMAIL_INVALID', M.emailInvalid, 400);
  const email = value.trim();
  if (email.length > L.emailMax || !ADDRESS.test(email)) throw new DomainError('EMAIL_INVALID', M.emailInvalid, 400);
  return email;
}

/**
 * "Notify me when donations open": one stream per normalised address, so asking twice (or two tabs
 * at once) is one subscription without a read-model check. The address is sealed in the personal
 * data vault under a key of its own; the stream name holds only its hash.
 */
@Injectable()
export class NotifyService {
  constructor(
    @Inject(PERSONAL_DATA_VAULT) private readonly vault: PersonalDataVault,
    private readonly commands: CommandExecutor,
  ) {}

  async subscribe(email: string, userId: string | null, meta: CommandMetadata): Promise<NotifyAnswer> {
    const key = emailKey(email);
    const vaultSubject = `notify-${newId()}`;
    await this.vault.createKey(vaultSubject);
    const sealedEmail = await this.vault.seal(vaultSubject, { email: email.trim() });
    const result = await this.commands.execute(
      notifyStream(key),
      notifySubscriberDecider,
      { type: 'Subscribe', key, sealedEmail, vaultSubject, userId, now: new Date().toISOString() },
      meta,
    );
    if (result.events.length === 0) {
      // Already on the list: the key made for this request seals nothing that was kept.
      await this.vault.shred(vaultSubject);
      return { subscribed: false, message: M.alreadySubscribed };
    }
    return { subscribed: true, message: M.subscribed };
  }
}
