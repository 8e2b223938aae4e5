import type { MailRequest } from '@modules/mail';
import { fold } from '@platform/decider/decider';
import { handleCommand } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { JobOptions, JobProcessor } from '@platform/jobs/job-queue.port';
import type { Logger } from '@platform/logging';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { z } from 'zod';

import { notifySubscriberDecider, type NotifySubscriberState } from './domain/notify-subscriber.decider';
import { notifyStream, type NotifySubscriberEvent } from './events';
import type { SealedSubscriber } from './notify.service';
import { linkTo, UNSUBSCRIBE_PAGE, UNSUBSCRIBE_PATH } from './notify-links';

/** One job per page of subscribers when donations open (support-followups.reactor.ts queues them). */
export const DONATIONS_OPEN_MAIL_JOB = 'support.donations-open-mail';
/** Subscribers per job: small enough that a retry redoes little, large enough to keep jobs few. */
export const DONATIONS_OPEN_PAGE = 200;
export const DONATIONS_OPEN_JOB_OPTIONS = { attempts: 5, backoffMs: 10_000 } as const satisfies JobOptions;

const jobSchema = z.object({
  openingId: z.string().min(1),
  keys: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(1000),
});
export type DonationsOpenMailJob = z.infer<typeof jobSchema>;

export interface DonationsOpenMailDeps {
  eventStore: EventStore;
  vault: PersonalDataVault;
  /** The mail module's MailService (or anything that queues a MailRequest the same way). */
  mail: { send(mail: MailRequest): Promise<string> };
  /** Where "Donate now" leads: the web app's /support. */
  supportUrl: string;
  /** The app's address (PUBLIC_URL), for each mail's unsubscribe link. */
  publicUrl: string;
  logger: Logger;
}

/** The mail of one subscriber for one opening has one id, so a repeat of it is the same mail. */
export const donationsOpenMailId = (openingId: string, key: string) => `donations-open-${openingId}-${key}`;

/**
 * Mails each subscriber of the page who was not yet told about this opening, then records it on their
 * stream (DonationsOpenNotified). A retried job skips everyone already recorded; the one window left
 * (mail queued, then a crash before the record) repeats the same mail id, which the queue, the outbox
 * and SMTP's Message-ID each see as one mail. Only ids are logged: addresses are personal data.
 */
export function donationsOpenMailProcessor(deps: DonationsOpenMailDeps): JobProcessor<unknown> {
  return async (data, job) => {
    const parsed = jobSchema.safeParse(data);
    if (!parsed.success) throw new Error(`Invalid ${DONATIONS_OPEN_MAIL_JOB} job`);
    const { openingId, keys } = parsed.data;
    let mailed = 0;
    for (const key of keys) {
      const stream = notifyStream(key);
      const state: NotifySubscriberState = fold(
        notifySubscriberDecider,
        (await deps.eventStore.readStream(stream)).map(
          (e) => ({ type: e.type, data: e.data }) as NotifySubscriberEvent,
        ),
      );
      // Only a confirmed address: anyone may have typed an unconfirmed one (double opt-in).
      if (!state.subscribed || !state.confirmed || state.notified.has(openingId)) continue;
      if (!state.sealedEmail || !state.vaultSubject) continue;
      const sealed = await deps.vault.open<SealedSubscriber>(state.vaultSubject, state.sealedEmail);
      // Forgotten (its key shredded): nobody to write to.
      if (!sealed?.unsubscribeToken) continue;
      const mailId = donationsOpenMailId(openingId, key);
      await deps.mail.send({
        id: mailId,
        to: sealed.email,
        template: 'donations-open',
        // Addresses given before languages were kept read English.
        locale: sealed.language ?? 'en',
        params: {
          displayName: '',
          link: deps.supportUrl,
          unsubscribeLink: linkTo(deps.publicUrl, UNSUBSCRIBE_PAGE, sealed.unsubscribeToken),
        },
        listUnsubscribe: linkTo(deps.publicUrl, UNSUBSCRIBE_PATH, sealed.unsubscribeToken),
      });
      await handleCommand(
        deps.eventStore,
        stream,
        notifySubscriberDecider,
        { type: 'MarkNotified', key, openingId, mailId, now: new Date().toISOString() },
        { actor: null, causationId: openingId },
      );
      mailed++;
    }
    deps.logger.info(
      { jobId: job.id, attempt: job.attempt, openingId, mailed, page: keys.length },
      'donations-open mails queued',
    );
  };
}
