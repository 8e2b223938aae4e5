import { type Decider, DomainError } from '@platform/decider/decider';

import { isStaff, type Role } from '../../identity';
import {
  PRICE_RANGES,
  type PriceRange,
  TEACHER_TOPICS,
  type TeacherApplicationEvent,
  type TeacherTopic,
} from '../events';
import { LEARNING_LIMITS, LEARNING_MESSAGES as M } from '../limits';

export type TeacherApplicationStatus = 'none' | 'pending' | 'approved' | 'rejected';

/** A member's standing as a teacher: what GET /api/vendor/status answers. */
export interface TeacherApplicationState {
  status: TeacherApplicationStatus;
  userId: string | null;
}

export type TeacherApplicationCommand =
  | { type: 'ApplyAsTeacher'; userId: string; bio: string; topics: readonly string[]; priceRange: string; now: string }
  | { type: 'ApproveTeacherApplication'; actorId: string; actorRole: Role; now: string }
  | { type: 'RejectTeacherApplication'; actorId: string; actorRole: Role; reason: string; now: string };

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const isTopic = (t: string): t is TeacherTopic => (TEACHER_TOPICS as readonly string[]).includes(t);
const isPriceRange = (p: string): p is PriceRange => (PRICE_RANGES as readonly string[]).includes(p);

function application(c: Extract<TeacherApplicationCommand, { type: 'ApplyAsTeacher' }>): TeacherApplicationEvent {
  const bio = c.bio.trim();
  if (!bio) throw invalid(M.bioRequired);
  if (bio.length > LEARNING_LIMITS.bioMax) throw invalid(M.bioTooLong);
  if (!c.topics.every(isTopic)) throw invalid(M.badTopics);
  if (!isPriceRange(c.priceRange)) throw invalid(M.badPriceRange);
  // The form is a multi-select: kept in the spec's order, once each, whatever order they came in.
  const topics = TEACHER_TOPICS.filter((t) => c.topics.includes(t));
  return {
    type: 'TeacherApplicationSubmitted',
    data: { userId: c.userId, bio, topics, priceRange: c.priceRange, submittedAt: c.now },
  };
}

/**
 * A member applies once at a time; moderators approve or reject what is pending. A rejected member
 * may apply again (with a better bio, say); an approved one is a teacher and has nothing to apply for.
 */
export const teacherApplicationDecider: Decider<
  TeacherApplicationState,
  TeacherApplicationCommand,
  TeacherApplicationEvent
> = {
  initialState: () => ({ status: 'none', userId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'TeacherApplicationSubmitted':
        return { status: 'pending', userId: event.data.userId };
      case 'TeacherApplicationApproved':
        return { ...state, status: 'approved' };
      case 'TeacherApplicationRejected':
        return { ...state, status: 'rejected' };
    }
  },
  decide(state, command) {
    if (command.type === 'ApplyAsTeacher') {
      if (state.status === 'pending') throw new DomainError('APPLICATION_PENDING', M.applicationPending, 409);
      if (state.status === 'approved') throw new DomainError('ALREADY_TEACHER', M.alreadyTeacher, 409);
      return [application(command)];
    }
    if (!isStaff(command.actorRole)) throw new DomainError('FORBIDDEN', M.moderatorsOnly, 403);
    if (state.status === 'none') throw new DomainError('APPLICATION_NOT_FOUND', M.noApplication, 404);
    if (state.status !== 'pending') throw new DomainError('APPLICATION_NOT_PENDING', M.applicationNotPending, 409);
    const userId = state.userId!;
    switch (command.type) {
      case 'ApproveTeacherApplication':
        return [
          {
            type: 'TeacherApplicationApproved',
            data: { userId, approvedBy: command.actorId, approvedAt: command.now },
          },
        ];
      case 'RejectTeacherApplication': {
        const reason = command.reason.trim();
        if (!reason) throw invalid(M.reasonRequired);
        if (reason.length > LEARNING_LIMITS.rejectReasonMax) throw invalid(M.reasonTooLong);
        return [
          {
            type: 'TeacherApplicationRejected',
            data: { userId, rejectedBy: command.actorId, reason, rejectedAt: command.now },
          },
        ];
      }
    }
  },
};
