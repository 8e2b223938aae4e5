import { Inject, Injectable } from '@nestjs/common';
import { type Decider, type DomainEvent, fold } from '@platform/decider/decider';
import { loadStream } from '@platform/decider/load-stream';
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

  /** A donation and the log position of its last event (for waiting until read models show it). */
  async donationAt(donationId: string) {
    const events = await this.eventStore.readStream(donationStream(donationId));
    return { state: this.fold(events, donationDecider), checkpoint: events.at(-1)?.checkpoint ?? null };
  }

  /** From the stream's kept state where it is long (the registries grow with every orphan and auditor). */
  private async load<S, E extends DomainEvent>(streamId: string, decider: Decider<S, never, E>): Promise<S> {
    return (await loadStream(this.eventStore, streamId, decider)).state;
  }

  private fold<S, E extends DomainEvent>(
    events: readonly { type: string; data: unknown }[],
    decider: Decider<S, never, E>,
  ) {
    return fold(
      decider,
      events.map((e) => ({ type: e.type, data: e.data }) as E),
    );
  }
}
