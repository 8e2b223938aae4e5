import { Module } from '@nestjs/common';

import { MailModule } from '../mail';
import { AccountExportService } from './account-export.service';
import { SignedInGuard } from './auth/signed-in.guard';
import { AccountController } from './http/account.controller';
import { AuthController } from './http/auth.controller';
import { IdentityService } from './identity.service';

/** Members, sessions, verification, password reset, account. */
@Module({
  imports: [MailModule],
  controllers: [AuthController, AccountController],
  providers: [IdentityService, AccountExportService, SignedInGuard],
  exports: [IdentityService, AccountExportService, SignedInGuard],
})
export class IdentityModule {}
