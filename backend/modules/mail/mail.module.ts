import { Module } from '@nestjs/common';

/** Outgoing mail: the API enqueues, the worker sends (SMTP or the development outbox). */
@Module({})
export class MailModule {}
