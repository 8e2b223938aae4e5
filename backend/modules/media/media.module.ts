import { Module } from '@nestjs/common';
import type { AppConfig } from '../../src/platform/config';
import { APP_CONFIG } from '../../src/platform/tokens';
import { IdentityModule } from '../identity';
import { MediaController } from './http/media.controller';
import { OctetStreamParser } from './http/octet-stream.parser';
import { UploadsController } from './http/uploads.controller';
import { MediaIngest } from './ingest/media-ingest.service';
import { MediaQueries } from './media.queries';
import { createBlobStore } from './storage/create-blob-store';
import { BLOB_STORE } from './tokens';
import { UploadSweeper } from './uploads/upload-sweeper';
import { UploadsService } from './uploads/uploads.service';

/** Media: blob storage, ingest (sniffing, limits, MediaUploaded, jobs), chunked uploads, serving. */
@Module({
  imports: [IdentityModule],
  controllers: [UploadsController, MediaController],
  providers: [
    { provide: BLOB_STORE, useFactory: (config: AppConfig) => createBlobStore(config), inject: [APP_CONFIG] },
    MediaIngest,
    MediaQueries,
    UploadsService,
    UploadSweeper,
    OctetStreamParser,
  ],
  exports: [MediaIngest, MediaQueries, BLOB_STORE],
})
export class MediaModule {}
