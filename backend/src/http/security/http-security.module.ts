import { Module } from '@nestjs/common';

/** CSRF tokens and the debug console endpoints. */
@Module({})
export class HttpSecurityModule {}
