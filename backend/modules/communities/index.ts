export { CommunitiesModule } from './communities.module';
export { CommunitiesService } from './communities.service';
export * from './events';
