import type { UserEvent } from '@modules/identity/events';
import type { DonationEvent, DonationSettingsEvent, NotifySubscriberEvent, OrphanEvent } from '@modules/support/events';
import { shillings } from '@platform/money';

import { findAll } from '../../src/platform/read-store/core/find-all';
import type { EventsOf, ProjectionContext, Recorded } from '../runner';
import {
  type DonationWatcherDoc,
  NOTIFY_ADMINS,
  NOTIFY_DONATION_WATCHERS,
  NOTIFY_ORPHANS,
  type OrphanGoalDoc,
} from './docs';
import { type Notifier, SYSTEM_ACTOR } from './notifier';

/**
 * The orphan-support events that notify, or that those notifications need. Who hears what (module
 * README): `donation_made` the donor; `orphan_funded` and `goal_reached` every admin — the people who
 * run the registry and pay out, and the only readers the app can name honestly (nobody "follows" an
 * orphan, and telling every member about each donation would be noise).
 */
export type SupportHandled =
  | EventsOf<UserEvent, 'RoleChanged'>
  | OrphanEvent
  | EventsOf<DonationEvent, 'DonationPaid'>
  | EventsOf<DonationSettingsEvent, 'DonationsOpened'>
  | EventsOf<NotifySubscriberEvent, 'DonationsOpenSubscribed' | 'DonationsOpenConfirmed' | 'DonationsOpenUnsubscribed'>;

type On<T extends SupportHandled['type']> = (
  e: Recorded<SupportHandled, T>,
  n: Notifier,
  ctx: ProjectionContext,
) => Promise<void>;

const orphans = (ctx: ProjectionContext) => ctx.collection<OrphanGoalDoc>(NOTIFY_ORPHANS);

export async function roleChanged(e: Recorded<SupportHandled, 'RoleChanged'>, ctx: ProjectionContext) {
  const userId = e.streamId.slice('user-'.length);
  if (e.data.role === 'admin') await ctx.collection(NOTIFY_ADMINS).upsert({ id: userId });
  else await ctx.collection(NOTIFY_ADMINS).delete(userId);
}

export async function forgetSupportMember(userId: string, ctx: ProjectionContext) {
  await ctx.collection(NOTIFY_ADMINS).delete(userId);
  const list = watchers(ctx);
  await list.deleteMany((await findAll(list, { where: { userId } })).map((w) => w.id));
}

const watchers = (ctx: ProjectionContext) => ctx.collection<DonationWatcherDoc>(NOTIFY_DONATION_WATCHERS);

/**
 * A member's sign-up to the notify-me list; a guest's sign-up of the same address (or one from
 * before double opt-in, which counts as none) takes it off the members' list.
 */
export async function notifyMeSubscribed(
  { data: d }: Recorded<SupportHandled, 'DonationsOpenSubscribed'>,
  ctx: ProjectionContext,
) {
  if (d.userId && d.unsubscribeHash) await watchers(ctx).upsert({ id: d.key, userId: d.userId, confirmed: false });
  else await watchers(ctx).delete(d.key);
}

export async function notifyMeConfirmed(
  { data: d }: Recorded<SupportHandled, 'DonationsOpenConfirmed'>,
  ctx: ProjectionContext,
) {
  if (await watchers(ctx).get(d.key)) await watchers(ctx).update(d.key, { set: { confirmed: true } });
}

export async function notifyMeUnsubscribed(
  { data: d }: Recorded<SupportHandled, 'DonationsOpenUnsubscribed'>,
  ctx: ProjectionContext,
) {
  await watchers(ctx).delete(d.key);
}

/** Each confirmed member of the notify-me list hears that donations opened (the mail goes too). */
export const donationsOpened: On<'DonationsOpened'> = async (e, n, ctx) => {
  for (const { userId } of await findAll(watchers(ctx), { where: { confirmed: true } }))
    await n.notify(
      `donations_opened:${e.id}:${userId}`,
      userId,
      SYSTEM_ACTOR,
      'donations_opened',
      null,
      null,
      // The sentence says it all: nothing under it.
      '',
    );
};

export async function orphanRegistered(
  { data: d }: Recorded<SupportHandled, 'OrphanRegistered'>,
  ctx: ProjectionContext,
) {
  const raised = (await orphans(ctx).get(d.orphanId))?.raised ?? 0;
  await orphans(ctx).upsert({ id: d.orphanId, uniqueId: d.uniqueId, goal: d.goal, raised });
}

export async function orphanEdited({ data: d }: Recorded<SupportHandled, 'OrphanEdited'>, ctx: ProjectionContext) {
  const set: Record<string, unknown> = {};
  if (d.changes.uniqueId !== undefined) set.uniqueId = d.changes.uniqueId;
  if (d.changes.goal !== undefined) set.goal = d.changes.goal;
  if (Object.keys(set).length) await orphans(ctx).update(d.orphanId, { set });
}

/**
 * A donation notice's line is its facts, not a sentence: 'KSh 500 · ORP-KE-0042' (thanks to the
 * donor; the amount alone for the general fund), 'ORP-KE-0042 · KSh 500 · KSh 5,500 · KSh 35,000'
 * (the admins: what came, what is raised, the goal), 'ORP-KE-0042 · KSh 35,000' (goal reached). The
 * web app and Web Push say them in the reader's language (notifications' text.ts, push-texts.ts).
 */
const facts = (...parts: string[]) => parts.join(' · ');

/** Ids derive from the donation, so a rebuild writes the same notifications. */
export const donationPaid: On<'DonationPaid'> = async ({ data: d }, n, ctx) => {
  const orphan = d.orphanId ? await orphans(ctx).get(d.orphanId) : null;
  const label = orphan ? `ORP-KE-${orphan.uniqueId}` : '';
  await n.notify(
    `donation_made:${d.donationId}`,
    d.donorId,
    SYSTEM_ACTOR,
    'donation_made',
    d.orphanId,
    null,
    label ? facts(shillings(d.amount), label) : shillings(d.amount),
  );
  if (!orphan) return;
  // The runner commits the checkpoint with the batch, so an event is added here once per generation.
  const before = orphan.raised;
  const after = before + d.amount;
  await orphans(ctx).update(orphan.id, { set: { raised: after } });
  const admins = await findAll(ctx.collection(NOTIFY_ADMINS));
  const donor = d.isAnonymous ? SYSTEM_ACTOR : d.donorId;
  for (const { id: adminId } of admins) {
    await n.notify(
      `orphan_funded:${d.donationId}:${adminId}`,
      adminId,
      donor,
      'orphan_funded',
      d.orphanId,
      null,
      facts(label, shillings(d.amount), shillings(after), shillings(orphan.goal)),
    );
    if (before < orphan.goal && after >= orphan.goal)
      await n.notify(
        `goal_reached:${d.orphanId}:${adminId}:${d.donationId}`,
        adminId,
        SYSTEM_ACTOR,
        'goal_reached',
        d.orphanId,
        null,
        facts(label, shillings(orphan.goal)),
      );
  }
};
