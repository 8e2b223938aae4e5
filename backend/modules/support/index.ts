export type { DonationsOpenMailDeps, DonationsOpenMailJob } from './donations-open-mail';
export {
  DONATIONS_OPEN_JOB_OPTIONS,
  DONATIONS_OPEN_MAIL_JOB,
  donationsOpenMailId,
  donationsOpenMailProcessor,
} from './donations-open-mail';
export * from './events';
export * from './limits';
/** The seed registers orphans and auditors through the same commands as the admin routes. */
export { RegistryService } from './registry.service';
export { SupportModule } from './support.module';
