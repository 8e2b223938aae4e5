export { CommunitiesModule } from './communities.module';
export { CommunitiesService } from './communities.service';
export * from './events';
/** The moderation module replays community streams (audit state as of an event). */
export { communityDecider } from './domain/community.decider';
