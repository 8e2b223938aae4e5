export { IdentityModule } from './identity.module';
export { IdentityService } from './identity.service';
export { AccountExportService } from './account-export.service';
export type { AccountExporter } from './account-export.service';
export { SignedInGuard, CurrentSession, resolveSession, requestMeta } from './auth/signed-in.guard';
export type { SignedIn } from './auth/signed-in.guard';
export type { UserDto } from './domain/user-dto';
export * from './events';
