import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, PlatformProviders } from '../platform/platform.module';
import { SystemModule } from '../../modules/system';
import { MailModule } from '../../modules/mail';
import { IdentityModule } from '../../modules/identity';
import { RelationshipsModule } from '../../modules/relationships';
import { ProfilesModule } from '../../modules/profiles';
import { SocialModule } from '../../modules/social';
import { MediaModule } from '../../modules/media';
import { NotificationsModule } from '../../modules/notifications';
import { RealtimeModule } from '../../modules/realtime';
import { MessagingModule } from '../../modules/messaging';
import { HttpSecurityModule } from '@platform/http/security/http-security.module';

/** The HTTP application: platform ports plus every bounded context's module. */
@Module({})
export class AppModule {
  static register(providers: PlatformProviders): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.register(providers),
        HttpSecurityModule,
        SystemModule,
        MailModule,
        IdentityModule,
        RelationshipsModule,
        ProfilesModule,
        SocialModule,
        MediaModule,
        NotificationsModule,
        RealtimeModule,
        MessagingModule,
      ],
    };
  }
}
