import { type Role, type UserEvent, userStream } from '@modules/identity';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor, type CommandMetadata, commandTime, type DomainEvent } from '@platform/decider';
import { loadStream } from '@platform/decider/load-stream';
import { WrongExpectedVersionError } from '@platform/event-store/errors';
import type { EventStore } from '@platform/event-store/event-store.port';
import { EVENT_STORE } from '@platform/tokens';

import { teacherApplicationDecider } from './domain/teacher-application.decider';
import { teacherApplicationStream } from './events';

/** Who a member is on their user stream: their role, unless the account is gone. */
async function userRole(eventStore: EventStore, userId: string) {
  const events = await eventStore.readStream(userStream(userId));
  let role: Role | null = null;
  for (const e of events as unknown as Array<UserEvent & { streamVersion: number }>) {
    if (e.type === 'UserRegistered') role = e.data.role;
    else if (e.type === 'RoleChanged') role = e.data.role;
    else if (e.type === 'AccountDeleted') role = null;
  }
  return { role, version: events.at(-1)?.streamVersion ?? ('no_stream' as const) };
}

export interface ApplicationInput {
  bio: string;
  topics: string[];
  priceRange: string;
}

/**
 * Teacher applications (spec part 2 §2 Become a teacher, §6 roles). An approval also makes the
 * member a vendor on their user stream, in the same append, so the role and the application never
 * disagree; moderators and admins keep their own role (it already lets them do more).
 */
@Injectable()
export class TeachersService {
  constructor(
    private readonly commands: CommandExecutor,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async apply(userId: string, input: ApplicationInput, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      teacherApplicationStream(userId),
      teacherApplicationDecider,
      { type: 'ApplyAsTeacher', userId, ...input, now: commandTime(meta) },
      meta,
    );
  }

  async approve(actor: { id: string; role: Role }, userId: string, meta: CommandMetadata): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const application = await loadStream(
        this.eventStore,
        teacherApplicationStream(userId),
        teacherApplicationDecider,
      );
      const events: DomainEvent[] = teacherApplicationDecider.decide(application.state, {
        type: 'ApproveTeacherApplication',
        actorId: actor.id,
        actorRole: actor.role,
        now: commandTime(meta),
      });
      const user = await userRole(this.eventStore, userId);
      const decisions = [{ streamId: teacherApplicationStream(userId), events, expectedVersion: application.version }];
      if (user.role === 'member')
        decisions.push({
          streamId: userStream(userId),
          events: [{ type: 'RoleChanged', data: { role: 'vendor', previousRole: 'member' } }],
          expectedVersion: user.version,
        });
      try {
        await this.commands.executeMany(decisions, meta);
        return;
      } catch (err) {
        if (err instanceof WrongExpectedVersionError && attempt < 3) continue;
        throw err;
      }
    }
  }

  async reject(actor: { id: string; role: Role }, userId: string, reason: string, meta: CommandMetadata) {
    await this.commands.execute(
      teacherApplicationStream(userId),
      teacherApplicationDecider,
      {
        type: 'RejectTeacherApplication',
        actorId: actor.id,
        actorRole: actor.role,
        reason,
        now: new Date().toISOString(),
      },
      meta,
    );
  }

  /**
   * Whether a member may create courses (read from the log): an approved application, or the vendor
   * role an operator gave them (`npm run user:promote`), which has no application behind it.
   */
  async isTeacher(userId: string): Promise<boolean> {
    const [application, user] = await Promise.all([
      loadStream(this.eventStore, teacherApplicationStream(userId), teacherApplicationDecider),
      userRole(this.eventStore, userId),
    ]);
    return application.state.status === 'approved' || user.role === 'vendor';
  }
}
