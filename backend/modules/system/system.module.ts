import { Module } from '@nestjs/common';

import { HealthController } from './http/health.controller';
import { HealthQueries } from './queries/health.queries';

@Module({ controllers: [HealthController], providers: [HealthQueries] })
export class SystemModule {}
