import { Module } from '@nestjs/common';

/** Members, sessions, verification, password reset, account. */
@Module({})
export class IdentityModule {}
