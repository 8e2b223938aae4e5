import { DynamicModule, Module } from '@nestjs/common';
import { RateLimitModule } from '@platform/http/rate-limits';
import { HttpSecurityModule } from '@platform/http/security/http-security.module';

import { AiModule } from '../../modules/ai';
import { CommunitiesModule } from '../../modules/communities';
import { IdentityModule } from '../../modules/identity';
import { LearningModule } from '../../modules/learning';
import { MailModule } from '../../modules/mail';
import { MediaModule } from '../../modules/media';
import { MessagingModule } from '../../modules/messaging';
import { ModerationModule } from '../../modules/moderation';
import { NotificationsModule } from '../../modules/notifications';
import { ProfilesModule } from '../../modules/profiles';
import { PushModule } from '../../modules/push';
import { RealtimeModule } from '../../modules/realtime';
import { RelationshipsModule } from '../../modules/relationships';
import { SearchModule } from '../../modules/search';
import { SocialModule } from '../../modules/social';
import { SupportModule } from '../../modules/support';
import { SystemModule } from '../../modules/system';
import { PlatformModule, PlatformProviders } from '../platform/platform.module';

/** The HTTP application: platform ports plus every bounded context's module. */
@Module({})
export class AppModule {
  static register(providers: PlatformProviders): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.register(providers),
        HttpSecurityModule,
        RateLimitModule,
        SystemModule,
        MailModule,
        IdentityModule,
        RelationshipsModule,
        ProfilesModule,
        SocialModule,
        CommunitiesModule,
        MediaModule,
        NotificationsModule,
        PushModule,
        RealtimeModule,
        MessagingModule,
        SearchModule,
        AiModule,
        LearningModule,
        SupportModule,
        ModerationModule,
      ],
    };
  }
}
