import { Module } from '@nestjs/common';

import type { AppConfig } from '../../src/platform/config';
import { APP_CONFIG } from '../../src/platform/tokens';
import { IdentityModule } from '../identity';
import { CommunityMediaAccess } from './access/community-media-access';
import { CourseMediaGate } from './access/course-media-gate';
import { LessonMediaAccess } from './access/lesson-media-access';
import { MediaLinks } from './access/media-links.service';
import { MediaController } from './http/media.controller';
import { OctetStreamParser } from './http/octet-stream.parser';
import { PlaceholderController } from './http/placeholder.controller';
import { UploadsController } from './http/uploads.controller';
import { MediaRecovery } from './ingest/media-recovery';
import { MediaIngestService } from './media-ingest.service';
import { SampleVideo } from './placeholder/sample-video';
import { MediaQueries } from './queries/media.queries';
import { createBlobStore } from './storage/create-blob-store';
import { BLOB_STORE } from './tokens';
import { UploadSweeper } from './uploads/upload-sweeper';
import { UploadsService } from './uploads/uploads.service';

/** Media: blob storage, ingest (sniffing, limits, MediaUploaded, jobs), chunked uploads, serving, placeholders. */
@Module({
  imports: [IdentityModule],
  controllers: [UploadsController, MediaController, PlaceholderController],
  providers: [
    { provide: BLOB_STORE, useFactory: (config: AppConfig) => createBlobStore(config), inject: [APP_CONFIG] },
    MediaIngestService,
    MediaQueries,
    UploadsService,
    UploadSweeper,
    OctetStreamParser,
    SampleVideo,
    MediaRecovery,
    CourseMediaGate,
    LessonMediaAccess,
    CommunityMediaAccess,
    MediaLinks,
  ],
  exports: [MediaIngestService, MediaQueries, BLOB_STORE, CourseMediaGate, MediaLinks],
})
export class MediaModule {}
