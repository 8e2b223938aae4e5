import { emailKey } from '@modules/identity';
import { MailService } from '@modules/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError, fold } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { AppLanguage } from '@platform/http';
import { newId } from '@platform/ids';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { APP_CONFIG, EVENT_STORE, PERSONAL_DATA_VAULT } from '@platform/tokens';

import { type NotifySubscriberCommand, notifySubscriberDecider } from './domain/notify-subscriber.decider';
import { notifyStream, type NotifySubscriberEvent } from './events';
import { SUPPORT_LIMITS as L, SUPPORT_MESSAGES as M } from './limits';
import {
  CONFIRM_PAGE,
  linkTo,
  linkTokenHash,
  linkTokenKey,
  newLinkToken,
  UNSUBSCRIBE_PAGE,
  UNSUBSCRIBE_PATH,
} from './notify-links';
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

/** What is sealed with the address: the unsubscribe link's token goes in every mail to it. */
export interface SealedSubscriber {
  email: string;
  unsubscribeToken?: string;
  /** The language the address was given in: the mail when donations open is written in it. */
  language?: AppLanguage;
}

/** What a notify-me link does once its button is pressed. */
export type LinkAction = 'confirm' | 'unsubscribe';

type LinkCommand = Extract<NotifySubscriberCommand, { type: 'Confirm' | 'Unsubscribe' }>;

/** Who signs up: a guest (any address they type) or a member (their account address). */
export interface NotifyAsker {
  userId: string | null;
  /** The account address is verified: the member proved they read it, no confirmation link needed. */
  verified: boolean;
}

/**
 * "Notify me when donations open", with double opt-in: one stream per normalised address, so asking
 * twice (or two tabs at once) is one subscription without a read-model check. The address is sealed
 * in the personal data vault under a key of its own; the stream name holds only its hash.
 *
 * The answer is the same whatever the list held (new, waiting for confirmation, confirmed): the
 * route must not tell anyone whether an address is on the list.
 */
@Injectable()
export class NotifyService {
  constructor(
    @Inject(PERSONAL_DATA_VAULT) private readonly vault: PersonalDataVault,
    private readonly commands: CommandExecutor,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  /** `language`: the one the asker reads the app in (the confirmation, and later the news, are in it). */
  async subscribe(
    email: string,
    asker: NotifyAsker,
    meta: CommandMetadata,
    language: AppLanguage = 'en',
  ): Promise<NotifyAnswer> {
    const key = emailKey(email);
    const vaultSubject = `notify-${newId()}`;
    const mine: SealedSubscriber = { email: email.trim(), unsubscribeToken: newLinkToken(key), language };
    await this.vault.createKey(vaultSubject);
    const sealedEmail = await this.vault.seal(vaultSubject, mine);
    const confirmToken = newLinkToken(key);
    const mailId = newId();
    const result = await this.commands.execute(
      notifyStream(key),
      notifySubscriberDecider,
      {
        type: 'Subscribe',
        key,
        sealedEmail,
        vaultSubject,
        unsubscribeHash: linkTokenHash(mine.unsubscribeToken!),
        userId: asker.userId,
        verified: asker.verified,
        confirmation: { tokenHash: linkTokenHash(confirmToken), mailId },
        now: new Date().toISOString(),
      },
      meta,
    );
    const kept = result.events.some((e) => e.type === 'DonationsOpenSubscribed');
    // Already on the list: the key made for this request seals nothing that was kept.
    if (!kept) await this.vault.shred(vaultSubject);
    if (result.events.some((e) => e.type === 'DonationsOpenConfirmationSent')) {
      // A link sent again goes to the address and unsubscribe link the list holds, sealed when it was asked first.
      const { vaultSubject: subject, sealedEmail: sealed } = result.state;
      const to = kept ? mine : subject && sealed ? await this.vault.open<SealedSubscriber>(subject, sealed) : null;
      if (to?.unsubscribeToken)
        await this.sendConfirmation(
          { email: to.email, unsubscribeToken: to.unsubscribeToken },
          confirmToken,
          mailId,
          language,
        );
    }
    return { subscribed: true, message: M.subscribed };
  }

  /** The confirmation page's button: from now on the address is mailed when donations open. */
  async confirm(token: unknown, meta: CommandMetadata): Promise<void> {
    const command = this.linkCommand('confirm', token);
    await this.commands.execute(notifyStream(command.key), notifySubscriberDecider, command, meta);
  }

  /**
   * The unsubscribe page's button, or a mail provider's one-click POST: off the list, and the sealed
   * address forgotten (its key shredded).
   */
  async unsubscribe(token: unknown, meta: CommandMetadata): Promise<void> {
    const command = this.linkCommand('unsubscribe', token);
    const result = await this.commands.execute(notifyStream(command.key), notifySubscriberDecider, command, meta);
    const { vaultSubject } = result.state;
    if (result.events.length && vaultSubject) await this.vault.shred(vaultSubject);
  }

  /**
   * Whether a link's token would work, writing nothing (GET of a link: a mail scanner may fetch it).
   * Throws what the button's POST would: 400 for no token of ours, 404 for no such link.
   */
  async check(action: LinkAction, token: unknown): Promise<void> {
    const command = this.linkCommand(action, token);
    const events = await this.eventStore.readStream(notifyStream(command.key));
    const state = fold(
      notifySubscriberDecider,
      events.map((e) => ({ type: e.type, data: e.data }) as NotifySubscriberEvent),
    );
    notifySubscriberDecider.decide(state, command);
  }

  private linkCommand(action: LinkAction, token: unknown): LinkCommand {
    const link = { key: this.keyOf(token), tokenHash: linkTokenHash(token as string), now: new Date().toISOString() };
    return action === 'confirm' ? { type: 'Confirm', ...link } : { type: 'Unsubscribe', ...link };
  }

  private keyOf(token: unknown): string {
    const key = linkTokenKey(token);
    if (!key) throw new DomainError('LINK_INVALID', M.linkInvalid, 400);
    return key;
  }

  private async sendConfirmation(
    to: { email: string; unsubscribeToken: string },
    confirmToken: string,
    mailId: string,
    language: AppLanguage,
  ) {
    const { publicUrl } = this.config.http;
    await this.mail.send({
      id: mailId,
      to: to.email,
      template: 'donations-open-confirm',
      locale: language,
      params: {
        displayName: '',
        link: linkTo(publicUrl, CONFIRM_PAGE, confirmToken),
        unsubscribeLink: linkTo(publicUrl, UNSUBSCRIBE_PAGE, to.unsubscribeToken),
      },
      listUnsubscribe: linkTo(publicUrl, UNSUBSCRIBE_PATH, to.unsubscribeToken),
    });
  }
}
