import { Module } from '@nestjs/common';
import type { RequestMember } from '@platform/http';
import { REQUEST_MEMBER } from '@platform/tokens';

import { MailModule } from '../mail';
import { AccountExportService } from './account-export.service';
import { resolveSession, SignedInGuard } from './auth/signed-in.guard';
import { AccountController } from './http/account.controller';
import { AuthController } from './http/auth.controller';
import { IdentityService } from './identity.service';

/** Members, sessions, verification, password reset, account. */
@Module({
  imports: [MailModule],
  controllers: [AuthController, AccountController],
  providers: [
    IdentityService,
    AccountExportService,
    SignedInGuard,
    // The rate limits count a signed-in member's requests by member (RateLimitGuard).
    {
      provide: REQUEST_MEMBER,
      inject: [IdentityService],
      useFactory: (identity: IdentityService): RequestMember => ({
        memberId: async (request) => (await resolveSession(identity, request))?.user.id ?? null,
      }),
    },
  ],
  exports: [IdentityService, AccountExportService, SignedInGuard],
})
export class IdentityModule {}
