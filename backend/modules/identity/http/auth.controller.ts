import {
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Post,
  Query,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { clientAddressKey, enforceRateLimit, requestLanguage, type ServerSecret, ZodBody } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { RateLimiter } from '../../../src/platform/rate-limit/rate-limiter.port';
import { RATE_LIMITER, SERVER_SECRET } from '../../../src/platform/tokens';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { signInAccount, SignInThrottle } from '../auth/sign-in-throttle';
import { CurrentSession, requestMeta, resolveSession, SignedIn, SignedInGuard } from '../auth/signed-in.guard';
import { IdentityService } from '../identity.service';
import { LIMITS } from '../limits';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from './schemas';

const INVALID_CREDENTIALS = 'Invalid username/email or password';

/** The auth calls of spec part 1 §7 and the identity issue, with their exact shapes. */
@Controller()
export class AuthController {
  private readonly signIns: SignInThrottle;

  constructor(
    private readonly identity: IdentityService,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(SERVER_SECRET) private readonly secret: ServerSecret,
  ) {
    this.signIns = new SignInThrottle(limiter);
  }

  @Post('api/auth/register')
  @HttpCode(201)
  async register(
    @ZodBody(registerSchema) body: z.output<typeof registerSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await enforceRateLimit(this.limiter, `register:ip:${clientAddressKey(request.ip)}`, LIMITS.registrations);
    const { user, session } = await this.identity.register(body, requestMeta(request), requestLanguage(request));
    // Whoever chose the password signed up from here: the address is known to the new account.
    // Best effort: the member exists now, and a failure after the write must not answer 5xx.
    await this.signIns.recognise(signInAccount(user.id, body.username), request.ip).catch(() => undefined);
    setSessionCookie(request, reply, session, this.secret);
    return { user };
  }

  @Post('api/auth/login')
  @HttpCode(200)
  async login(
    @ZodBody(loginSchema) body: z.output<typeof loginSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const userId = await this.identity.findUserId(body.emailOrUsername);
    const attempt = await this.signIns.admit(signInAccount(userId, body.emailOrUsername), request.ip);
    if (!(await this.identity.checkPassword(userId, body.password))) {
      await attempt.failed();
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    const { user, session } = await this.identity.startSession(userId!, body.rememberMe, requestMeta(request, userId));
    setSessionCookie(request, reply, session, this.secret);
    return { user };
  }

  @Post('api/auth/logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const signedIn = await resolveSession(this.identity, request);
    if (signedIn)
      await this.identity.endSession(signedIn.user.id, signedIn.sessionHash, requestMeta(request, signedIn.user.id));
    clearSessionCookie(request, reply, this.secret);
    return { success: true };
  }

  @Get('api/auth/me')
  @Header('Cache-Control', 'no-store')
  @UseGuards(SignedInGuard)
  async me(@CurrentSession() session: SignedIn) {
    return { user: await this.identity.userDto(session.user.id) };
  }

  @Post('api/auth/forgot-password')
  @HttpCode(200)
  async forgotPassword(
    @ZodBody(forgotPasswordSchema) body: z.output<typeof forgotPasswordSchema>,
    @Req() request: FastifyRequest,
  ) {
    await enforceRateLimit(this.limiter, `mail:ip:${clientAddressKey(request.ip)}`, LIMITS.mailsPerIp);
    // Over the per-address limit we quietly send nothing: the answer must not differ.
    const perAccount = await this.limiter.hit(`mail:reset:${body.email.toLowerCase()}`, LIMITS.mailsPerAccount);
    if (perAccount.allowed)
      await this.identity.forgotPassword(body.email, requestMeta(request), requestLanguage(request));
    return { message: 'If an account exists for that email, we have sent a link to reset the password.' };
  }

  @Post('api/auth/reset-password')
  @HttpCode(200)
  async resetPassword(
    @ZodBody(resetPasswordSchema) body: z.output<typeof resetPasswordSchema>,
    @Req() request: FastifyRequest,
  ) {
    await this.identity.resetPassword(body.token, body.newPassword, requestMeta(request));
    return { message: 'Password Reset Successful' };
  }

  @Get('api/auth/verify-email')
  async verifyEmail(@Query('token') token: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const outcome = await this.identity.verifyEmail(token, requestMeta(request));
    const target = outcome === 'success' ? '/?verified=success' : `/?error=${outcome}`;
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  }

  @Post('api/resend-verification')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async resendVerification(@CurrentSession() session: SignedIn, @Req() request: FastifyRequest) {
    await enforceRateLimit(this.limiter, `mail:verify:${session.user.id}`, LIMITS.mailsPerAccount);
    await this.identity.resendVerification(
      session.user.id,
      requestMeta(request, session.user.id),
      requestLanguage(request),
    );
    return { message: 'Verification email sent. Please check your inbox.' };
  }
}
