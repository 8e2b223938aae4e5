import {
  Controller,
  Delete,
  ForbiddenException,
  Get,
  Header,
  HttpCode,
  Inject,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { assertNotRateLimited, type ServerSecret, ZodBody } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { RateLimiter } from '../../../src/platform/rate-limit/rate-limiter.port';
import { RATE_LIMITER, SERVER_SECRET } from '../../../src/platform/tokens';
import { AccountExportService } from '../account-export.service';
import { clearSessionCookie } from '../auth/session-cookie';
import { CurrentSession, requestMeta, SignedIn, SignedInGuard } from '../auth/signed-in.guard';
import { IdentityService } from '../identity.service';
import { LIMITS } from '../limits';
import { deleteAccountSchema } from './schemas';

/** Account settings, "download my data" and "delete my account". */
@Controller('api/account')
@UseGuards(SignedInGuard)
export class AccountController {
  constructor(
    private readonly identity: IdentityService,
    private readonly exports: AccountExportService,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(SERVER_SECRET) private readonly secret: ServerSecret,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  account(@CurrentSession() { user }: SignedIn) {
    return {
      account: {
        id: user.id,
        name: user.name,
        displayName: user.displayName,
        username: user.username,
        email: user.email,
        role: user.role,
        isEmailVerified: user.isEmailVerified,
        memberSince: user.createdAt,
        accountType: user.role === 'vendor' ? 'teacher' : user.role,
        authProvider: 'local',
      },
    };
  }

  @Get('export')
  @Header('Cache-Control', 'no-store')
  async export(@CurrentSession() { user }: SignedIn, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('Content-Disposition', `attachment; filename="deenconnect-${user.username}-export.json"`);
    return this.exports.export(user.id, { profile: await this.identity.userDto(user.id) });
  }

  @Delete()
  @HttpCode(200)
  async delete(
    @CurrentSession() { user }: SignedIn,
    @ZodBody(deleteAccountSchema) body: z.output<typeof deleteAccountSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const key = `delete:account:${user.id}`;
    await assertNotRateLimited(this.limiter, key, LIMITS.loginFailures);
    if (!(await this.identity.checkPassword(user.id, body.password))) {
      await this.limiter.hit(key, LIMITS.loginFailures);
      throw new ForbiddenException('Incorrect password');
    }
    await this.identity.deleteAccount(user.id, requestMeta(request, user.id));
    clearSessionCookie(request, reply, this.secret);
    return { success: true };
  }
}
