import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { CommandExecutor } from '@platform/decider/command-executor';
import { type Decider, DomainError, type DomainEvent, fold } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { StreamDecision } from '@platform/decider/multi-stream';
import { WrongExpectedVersionError } from '@platform/event-store/errors';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { ReadModels } from '@platform/read-models';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { APP_CONFIG, EVENT_STORE, READ_MODELS, READ_STORE } from '@platform/tokens';
import {
  PUSH_PROJECTOR,
  PUSH_SETTINGS,
  PUSH_SUBSCRIPTIONS,
  type PushSettingsDoc,
  type PushSubscriptionDoc,
} from '@projections/push';

import { endpointDecider, pushDecider } from './domain/push.decider';
import {
  DEFAULT_PUSH_SETTINGS,
  endpointKey,
  pushEndpointStream,
  type PushSettings,
  pushStream,
  type PushSubscriptionData,
} from './events';
import { PUSH_MESSAGES } from './http/push.schemas';
import { endpointAllowed } from './push-endpoints';
import { vapidKeysOnce } from './vapid-keys';

const WAIT = { waitFor: [PUSH_PROJECTOR] } as const;
const RETRIES = 3;

/** The stream's state and the version a decision on it expects. */
async function load<S, C, E extends DomainEvent>(store: EventStore, streamId: string, decider: Decider<S, C, E>) {
  const history: RecordedEvent[] = await store.readStream(streamId);
  const state = fold(
    decider as Decider<S, never, E>,
    history.map((e) => ({ type: e.type, data: e.data }) as E),
  );
  return { state, expectedVersion: history.at(-1)?.streamVersion ?? ('no_stream' as const) };
}

/** A member's Web Push devices and category settings. */
@Injectable()
export class PushService {
  readonly vapidKeys;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly commands: CommandExecutor,
  ) {
    this.vapidKeys = vapidKeysOnce(config, readStore);
  }

  async publicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  /**
   * Records the device on the member's stream and claims its endpoint; an endpoint another member
   * held (another account signed in on the same browser) leaves their stream in the same append,
   * so it is never both members'.
   */
  async subscribe(userId: string, subscription: PushSubscriptionData, meta: CommandMetadata): Promise<void> {
    if (!endpointAllowed(subscription.endpoint, this.config.push.endpointOrigins))
      throw new DomainError('VALIDATION_FAILED', PUSH_MESSAGES.endpointNotAllowed, 400);
    const at = new Date().toISOString();
    const claimStream = pushEndpointStream(endpointKey(subscription.endpoint));
    for (let attempt = 0; ; attempt++) {
      const [claim, mine] = await Promise.all([
        load(this.eventStore, claimStream, endpointDecider),
        load(this.eventStore, pushStream(userId), pushDecider),
      ]);
      const decisions: StreamDecision[] = [];
      const add = (streamId: string, events: DomainEvent[], expectedVersion: StreamDecision['expectedVersion']) => {
        if (events.length) decisions.push({ streamId, events, expectedVersion });
      };
      add(claimStream, endpointDecider.decide(claim.state, { type: 'Claim', userId, at }), claim.expectedVersion);
      add(
        pushStream(userId),
        pushDecider.decide(mine.state, { type: 'Subscribe', userId, subscription, at }),
        mine.expectedVersion,
      );
      const previous = claim.state.owner;
      if (previous && previous !== userId) {
        const theirs = await load(this.eventStore, pushStream(previous), pushDecider);
        const endpoint = subscription.endpoint;
        // The same browser subscription (another account signed in on that browser) has the same
        // keys; someone who only learnt the endpoint cannot take a member's device away from them.
        const held = theirs.state.subscriptions[endpoint];
        if (held && (held.keys.p256dh !== subscription.keys.p256dh || held.keys.auth !== subscription.keys.auth))
          throw new DomainError('PUSH_ENDPOINT_TAKEN', PUSH_MESSAGES.endpointTaken, 409);
        add(
          pushStream(previous),
          pushDecider.decide(theirs.state, { type: 'Unsubscribe', userId: previous, endpoint, reason: 'moved', at }),
          theirs.expectedVersion,
        );
      }
      if (decisions.length === 0) return;
      try {
        await this.commands.executeMany(decisions, meta, WAIT);
        return;
      } catch (err) {
        if (err instanceof WrongExpectedVersionError && attempt < RETRIES) continue;
        throw err;
      }
    }
  }

  /** Only the member's own devices: anyone else's endpoint is "not subscribed" to them. */
  async unsubscribe(userId: string, endpoint: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      pushStream(userId),
      pushDecider,
      { type: 'Unsubscribe', userId, endpoint, reason: 'member', at: new Date().toISOString() },
      meta,
      WAIT,
    );
  }

  async devices(userId: string) {
    const docs = await this.readModels
      .collection<PushSubscriptionDoc>(PUSH_SUBSCRIPTIONS)
      .find({ where: { userId }, limit: 100 });
    return docs.items.map((d) => ({ endpoint: d.endpoint, language: d.language, createdAt: d.createdAt }));
  }

  async settings(userId: string): Promise<PushSettings> {
    const doc = await this.readModels.collection<PushSettingsDoc>(PUSH_SETTINGS).get(userId);
    return { ...DEFAULT_PUSH_SETTINGS, ...doc?.settings };
  }

  async changeSettings(
    userId: string,
    changes: { [K in keyof PushSettings]?: boolean | undefined },
    meta: CommandMetadata,
  ): Promise<PushSettings> {
    const { state } = await this.commands.execute(
      pushStream(userId),
      pushDecider,
      { type: 'ChangeSettings', userId, changes, at: new Date().toISOString() },
      meta,
      WAIT,
    );
    return state.settings;
  }
}
