export type { AccountExporter } from './account-export.service';
export { AccountExportService } from './account-export.service';
export type { SignedIn } from './auth/signed-in.guard';
export { CurrentSession, requestMeta, resolveSession, SignedInGuard } from './auth/signed-in.guard';
/** The normalised-address hash that names email streams (orphan support's notify-me list uses it too). */
export { emailKey } from './domain/reservations';
export type { UserDto } from './domain/user-dto';
export * from './events';
export { IdentityModule } from './identity.module';
export { IdentityService } from './identity.service';
