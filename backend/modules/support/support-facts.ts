import { Inject, Injectable } from '@nestjs/common';
import { type Decider, type DomainEvent, fold } from '@platform/decider/decider';
import type { EventStore } from '@platform/event-store/event-store.port';
import { EVENT_STORE } from '@platform/tokens';

import { auditorRegistryDecider } from './domain/auditor-registry.decider';
import { donationDecider } from './domain/donation.decider';
import { donationSettingsDecider } from './domain/donation-settings.decider';
import { orphanRegistryDecider } from './domain/orphan-registry.decider';
import { AUDITOR_REGISTRY_STREAM, DONATION_SETTINGS_STREAM, donationStream, ORPHAN_REGISTRY_STREAM } from './events';

/** What commands decide on, folded from the streams themselves (never from a lagging read model). */
@Injectable()
export class SupportFacts {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  orphans() {
    return this.load(ORPHAN_REGISTRY_STREAM, orphanRegistryDecider);
  }

  auditors() {
    return this.load(AUDITOR_REGISTRY_STREAM, auditorRegistryDecider);
  }

  settings() {
    return this.load(DONATION_SETTINGS_STREAM, donationSettingsDecider);
  }

  donation(donationId: string) {
    return this.load(donationStream(donationId), donationDecider);
  }

  private async load<S, E extends DomainEvent>(streamId: string, decider: Decider<S, never, E>): Promise<S> {
    const events = await this.eventStore.readStream(streamId);
    return fold(
      decider,
      events.map((e) => ({ type: e.type, data: e.data }) as E),
    );
  }
}
