import type { INestApplication } from '@nestjs/common';
import type { EventStore } from '../platform/event-store/event-store.port';
import type { Logger } from '../platform/logging';
import { IdentityService } from '../../modules/identity';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './demo-members';

const SEED_META = { actor: 'seed', requestId: 'seed' };

/**
 * Creates the labelled demo community through the real commands, once, on an empty event store, so
 * a newcomer's first `npm start` shows a living app. Everything it writes is ordinary events.
 */
export async function seedDemoCommunity(app: INestApplication, eventStore: EventStore, logger: Logger): Promise<boolean> {
  if ((await eventStore.headCheckpoint()) !== '' || (await eventStore.readAll({ maxCount: 1 })).length > 0) return false;
  const identity = app.get(IdentityService);
  const started = Date.now();
  const members: string[] = [];
  for (const m of DEMO_MEMBERS) {
    const { user, verificationToken } = await identity.register(
      { email: `${m.username}@demo.deenconnect.local`, username: m.username, password: DEMO_PASSWORD, displayName: m.displayName },
      SEED_META,
    );
    await identity.verifyEmail(verificationToken, SEED_META);
    members.push(user.id);
  }
  logger.info(
    { members: members.length, ms: Date.now() - started, signIn: `${DEMO_MEMBERS[0].username} / ${DEMO_PASSWORD}` },
    'seeded the demo community (labelled "(demo)")',
  );
  return true;
}
