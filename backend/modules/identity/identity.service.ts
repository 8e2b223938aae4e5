import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor, type CommandMetadata, decideAll, DomainError, type StreamDecision } from '@platform/decider';
import type { EventStore, ExpectedVersion } from '@platform/event-store/event-store.port';
import type { AppLanguage } from '@platform/http';
import type { ReadModels } from '@platform/read-models';
import { type SessionDoc, SESSIONS, suspendedNow, type UserDoc, USERS } from '@projections/identity';

import type { AppConfig } from '../../src/platform/config';
import { WrongExpectedVersionError } from '../../src/platform/event-store/errors';
import { newId } from '../../src/platform/ids';
import type { Logger } from '../../src/platform/logging';
import type { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import { APP_CONFIG, EVENT_STORE, LOGGER, PERSONAL_DATA_VAULT, READ_MODELS } from '../../src/platform/tokens';
import { MailService } from '../mail';
import { passwordsAt } from './crypto/passwords';
import { hashToken, newSecretToken, splitLinkToken } from './crypto/secrets';
import { emailStream, usernameStream } from './domain/reservations';
import { iso, type NewSession, newSession } from './domain/sessions';
import { INVALID_RESET, userDecider } from './domain/user.decider';
import { toUserDto, UserDto } from './domain/user-dto';
import { loadUser, readReservation } from './domain/user-stream';
import type { PersonalData, Role } from './events';
import { userStream } from './events';

const HOUR = 3600_000;
const VERIFICATION_TTL = 24 * HOUR;
const RESET_TTL = HOUR;
/** Read models a signed-in caller reads right after these commands. */
const IDENTITY = ['identity'] as const;

export type VerifyOutcome = 'success' | 'invalid-token' | 'token-expired' | 'verification-failed';

/** Sign-up, sign-in, sessions, verification, password reset, roles and account deletion. */
@Injectable()
export class IdentityService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(PERSONAL_DATA_VAULT) private readonly vault: PersonalDataVault,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandExecutor,
    private readonly mail: MailService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get passwords() {
    return passwordsAt(this.config.passwordHashing);
  }

  async register(
    input: { email: string; username: string; password: string; displayName: string },
    meta: CommandMetadata,
    language: AppLanguage = 'en',
  ): Promise<{ user: UserDto; session: NewSession; verificationToken: string }> {
    const email = input.email.trim();
    const username = input.username.trim();
    const [byEmail, byName] = await Promise.all([
      readReservation(this.eventStore, emailStream(email)),
      readReservation(this.eventStore, usernameStream(username)),
    ]);
    if (byEmail.holder) throw emailTaken();
    if (byName.holder) throw usernameTaken();

    const userId = newId();
    const now = new Date();
    await this.vault.createKey(userId);
    const personal: PersonalData = {
      email,
      displayName: input.displayName.trim(),
      name: input.displayName.trim(),
      passwordHash: await this.passwords.hash(input.password),
    };
    const verifyToken = `${userId}.${newSecretToken()}`;
    const session = newSession(userId, false, now);
    const { events: userEvents } = decideAll(userDecider, userDecider.initialState(), [
      {
        type: 'Register' as const,
        userId,
        username,
        sealed: await this.vault.seal(userId, personal),
        now: now.toISOString(),
        verification: { tokenHash: hashToken(verifyToken), expiresAt: iso(now, VERIFICATION_TTL) },
      },
      {
        type: 'StartSession' as const,
        sessionHash: hashToken(session.token),
        remember: false,
        now: now.toISOString(),
        expiresAt: session.expiresAt,
      },
    ]);
    // Where the store cannot write the three streams in one transaction, a reservation taken before
    // a later stream failed is released again (ARCHITECTURE.md: compensating release).
    const reserve = (streamId: string, expectedVersion: ExpectedVersion): StreamDecision => ({
      streamId,
      events: [{ type: 'NameReserved', data: { userId } }],
      expectedVersion,
      compensation: [{ type: 'NameReleased', data: { userId } }],
    });
    try {
      await this.commands.executeMany(
        [
          reserve(usernameStream(username), byName.version),
          reserve(emailStream(email), byEmail.version),
          { streamId: userStream(userId), events: userEvents, expectedVersion: 'no_stream' },
        ],
        { ...meta, actor: userId },
      );
    } catch (err) {
      await this.vault.shred(userId);
      if (err instanceof WrongExpectedVersionError) {
        if (err.streamId.startsWith('email-')) throw emailTaken();
        if (err.streamId.startsWith('username-')) throw usernameTaken();
      }
      throw err;
    }
    // From here the account exists: nothing may turn the sign-up into a failure (the member would be
    // told to try again, and find the name taken). A mail that cannot be queued can be asked for again.
    await this.sendVerification(userId, personal, verifyToken, language).catch((err: unknown) =>
      this.logger.warn({ err, userId }, 'verification mail not queued after sign-up'),
    );
    // The read model may not be there yet (its projector lags or has not built it): the new member is
    // known without it.
    const user = await this.userDto(userId).catch((err: unknown) => {
      this.logger.warn({ err, userId }, 'sign-up answered before the user read model shows it');
      return toUserDto({
        id: userId,
        username,
        usernameLower: username.toLowerCase(),
        displayName: personal.displayName,
        name: personal.name,
        email,
        emailLower: email.toLowerCase(),
        role: 'member',
        isEmailVerified: false,
        createdAt: now.toISOString(),
        avatarUrl: null,
      });
    });
    // The token also goes back to in-process callers (seed data); the HTTP answer never carries it.
    return { user, session, verificationToken: verifyToken };
  }

  /** The user id behind an email or username, straight from the reservation streams. */
  async findUserId(emailOrUsername: string): Promise<string | null> {
    const id = emailOrUsername.trim();
    const stream = id.includes('@') ? emailStream(id) : usernameStream(id);
    return (await readReservation(this.eventStore, stream)).holder;
  }

  /** Checks a password; the same work is done whether or not the account exists. */
  async checkPassword(userId: string | null, password: string): Promise<boolean> {
    const loaded = userId ? await loadUser(this.eventStore, userId) : null;
    const state = loaded?.state;
    const personal = state?.sealed && userId ? await this.vault.open<PersonalData>(userId, state.sealed) : null;
    const ok = await this.passwords.verify(personal?.passwordHash, password);
    return ok && !!personal && !state!.deleted;
  }

  async startSession(
    userId: string,
    remember: boolean,
    meta: CommandMetadata,
  ): Promise<{ user: UserDto; session: NewSession }> {
    const now = new Date();
    const session = newSession(userId, remember, now);
    await this.commands.execute(
      userStream(userId),
      userDecider,
      {
        type: 'StartSession',
        sessionHash: hashToken(session.token),
        remember,
        now: now.toISOString(),
        expiresAt: session.expiresAt,
      },
      { ...meta, actor: userId },
      { waitFor: IDENTITY },
    );
    return { user: await this.userDto(userId), session };
  }

  /** The signed-in member behind a session cookie value, or null. */
  async sessionUser(token: string | undefined): Promise<{ user: UserDoc; sessionHash: string } | null> {
    if (!token || token.length > 100) return null;
    const sessionHash = hashToken(token);
    const users = this.readModels.collection<UserDoc>(USERS);
    // A token names its member (newSession): the member is read beside the session, not after it.
    // The name counts only when the session (found by the whole token's hash) says the same.
    const named = splitLinkToken(token)?.userId ?? null;
    const [session, early] = await Promise.all([
      this.readModels.collection<SessionDoc>(SESSIONS).get(sessionHash),
      named ? users.get(named) : null,
    ]);
    if (!session || session.expiresAt <= new Date().toISOString()) return null;
    const user = session.userId === named ? early : await users.get(session.userId);
    // A suspension ends the sessions in the read model; this holds even before that batch lands.
    if (user && suspendedNow(user)) return null;
    return user ? { user, sessionHash } : null;
  }

  async endSession(userId: string, sessionHash: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      userStream(userId),
      userDecider,
      { type: 'EndSession', sessionHash },
      { ...meta, actor: userId },
      { waitFor: IDENTITY },
    );
  }

  async verifyEmail(token: unknown, meta: CommandMetadata): Promise<VerifyOutcome> {
    const parts = splitLinkToken(token);
    if (!parts) return 'invalid-token';
    try {
      await this.commands.execute(
        userStream(parts.userId),
        userDecider,
        { type: 'VerifyEmail', tokenHash: hashToken(token as string), now: new Date().toISOString() },
        { ...meta, actor: parts.userId },
        { waitFor: IDENTITY },
      );
      return 'success';
    } catch (err) {
      if (err instanceof DomainError) {
        if (err.code === 'TOKEN_EXPIRED') return 'token-expired';
        return 'invalid-token';
      }
      return 'verification-failed';
    }
  }

  async resendVerification(userId: string, meta: CommandMetadata, language: AppLanguage = 'en'): Promise<void> {
    const token = `${userId}.${newSecretToken()}`;
    await this.commands.execute(
      userStream(userId),
      userDecider,
      { type: 'IssueVerification', tokenHash: hashToken(token), expiresAt: iso(new Date(), VERIFICATION_TTL) },
      { ...meta, actor: userId },
    );
    const personal = await this.personal(userId);
    if (personal) await this.sendVerification(userId, personal, token, language);
  }

  /** Mails a reset link when the account exists, in the asker's language; says nothing either way. */
  async forgotPassword(email: string, meta: CommandMetadata, language: AppLanguage = 'en'): Promise<void> {
    const userId = (await readReservation(this.eventStore, emailStream(email))).holder;
    if (!userId) return;
    const token = `${userId}.${newSecretToken()}`;
    await this.commands.execute(
      userStream(userId),
      userDecider,
      { type: 'RequestPasswordReset', tokenHash: hashToken(token), expiresAt: iso(new Date(), RESET_TTL) },
      { ...meta, actor: null },
    );
    const personal = await this.personal(userId);
    if (!personal) return;
    await this.mail.send({
      to: personal.email,
      template: 'reset-password',
      locale: language,
      userId,
      params: {
        displayName: personal.displayName,
        link: `${this.config.http.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      },
    });
  }

  /** Sets a new password from a reset link and ends every session of the member. */
  async resetPassword(token: unknown, newPassword: string, meta: CommandMetadata): Promise<void> {
    const parts = splitLinkToken(token);
    if (!parts) throw new DomainError('INVALID_RESET_TOKEN', INVALID_RESET, 400);
    const personal = await this.personal(parts.userId);
    if (!personal) throw new DomainError('INVALID_RESET_TOKEN', INVALID_RESET, 400);
    const passwordHash = await this.passwords.hash(newPassword);
    const sealed = await this.vault.seal(parts.userId, { ...personal, passwordHash });
    try {
      await this.commands.execute(
        userStream(parts.userId),
        userDecider,
        { type: 'ResetPassword', tokenHash: hashToken(token as string), sealed, now: new Date().toISOString() },
        { ...meta, actor: parts.userId },
        { waitFor: IDENTITY },
      );
    } catch (err) {
      if (err instanceof DomainError && err.code === 'USER_NOT_FOUND')
        throw new DomainError('INVALID_RESET_TOKEN', INVALID_RESET, 400);
      throw err;
    }
  }

  async changeRole(userId: string, role: Role, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(userStream(userId), userDecider, { type: 'ChangeRole', role }, meta, {
      waitFor: IDENTITY,
    });
  }

  /**
   * A moderator's suspension or its end, decided but not appended: the moderation module appends it
   * with its record of the action in one transaction.
   */
  async decideSuspension(
    moderator: UserDoc,
    userId: string,
    change: { suspend: true; until: string; reason: string } | { suspend: false; reason: string },
  ): Promise<StreamDecision> {
    const { state, version } = await loadUser(this.eventStore, userId);
    const now = new Date().toISOString();
    const by = { moderatorId: moderator.id, moderatorRole: moderator.role, reason: change.reason, now };
    const events = userDecider.decide(
      state,
      change.suspend ? { type: 'Suspend', until: change.until, ...by } : { type: 'Unsuspend', ...by },
    );
    return { streamId: userStream(userId), events, expectedVersion: version };
  }

  /**
   * Deletes the account: the user stream is closed, the username and email are released, the
   * personal-data key is shredded, and projections remove the member from every read model.
   */
  async deleteAccount(userId: string, meta: CommandMetadata): Promise<void> {
    const { state, version } = await loadUser(this.eventStore, userId);
    const personal = await this.personal(userId);
    if (!state.exists || state.deleted || !personal) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
    const events = userDecider.decide(state, { type: 'DeleteAccount', now: new Date().toISOString() });
    const reservations = await Promise.all(
      [usernameStream(state.username!), emailStream(personal.email)].map(async (streamId) => ({
        streamId,
        ...(await readReservation(this.eventStore, streamId)),
      })),
    );
    const releases: StreamDecision[] = reservations
      .filter((r) => r.holder === userId)
      .map((r) => ({
        streamId: r.streamId,
        events: [{ type: 'NameReleased', data: { userId } }],
        expectedVersion: r.version,
      }));
    const written = await this.commands.executeMany(
      [{ streamId: userStream(userId), events, expectedVersion: version }, ...releases],
      { ...meta, actor: userId },
      { waitFor: 'none' },
    );
    await this.vault.shred(userId);
    // Every read model that shows members forgets this one before the answer.
    await this.commands.waitForEvents(written, 'identity');
  }

  async userDto(userId: string): Promise<UserDto> {
    const doc = await this.readModels.collection<UserDoc>(USERS).get(userId);
    if (!doc) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
    return toUserDto(doc);
  }

  private async personal(userId: string): Promise<PersonalData | null> {
    const { state } = await loadUser(this.eventStore, userId);
    if (!state.exists || state.deleted || !state.sealed) return null;
    return this.vault.open<PersonalData>(userId, state.sealed);
  }

  private sendVerification(userId: string, personal: PersonalData, token: string, language: AppLanguage) {
    return this.mail.send({
      to: personal.email,
      template: 'verify-email',
      locale: language,
      userId,
      params: {
        displayName: personal.displayName,
        link: `${this.config.http.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      },
    });
  }
}

const emailTaken = () =>
  new DomainError(
    'EMAIL_EXISTS',
    'EMAIL_EXISTS: This email is already registered. Please use a different email or try logging in.',
    409,
  );
const usernameTaken = () =>
  new DomainError(
    'USERNAME_EXISTS',
    'USERNAME_EXISTS: This username is already taken. Please choose a different username.',
    409,
  );
