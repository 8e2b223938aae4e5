import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import type { ServerSecret } from '@platform/http/security/server-secret';
import { APP_CONFIG, SERVER_SECRET } from '@platform/tokens';
import { courseGuardOf, type MediaView, toMediaView } from '@projections/media';

import { MediaQueries } from '../queries/media.queries';
import { MEDIA_LINK_MAX_SECONDS, signMediaLink, withMediaLink } from './media-link';

/** A media item's view for one member: `expiresAt` is when its signed URLs stop working (null: never). */
export type LinkedMediaView = MediaView & { expiresAt: string | null };

/**
 * Views whose URLs work for one member: a lesson's media (shown by courses only in locked lessons)
 * get URLs signed for that member, valid for MEDIA_LINK_TTL_SECONDS; anything else keeps its plain,
 * cacheable URLs.
 */
@Injectable()
export class MediaLinks {
  private readonly ttlSeconds: number;

  constructor(
    private readonly media: MediaQueries,
    @Inject(SERVER_SECRET) private readonly secret: ServerSecret,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlSeconds = Math.min(config.mediaLinks.ttlSeconds, MEDIA_LINK_MAX_SECONDS);
  }

  /** Views of the items `viewerId` may see (as MediaQueries.views), signed for `viewerId` where needed. */
  async views(mediaIds: string[], viewerId: string | null, now = Date.now()): Promise<LinkedMediaView[]> {
    const docs = await this.media.visibleDocs(mediaIds, viewerId);
    const exp = Math.floor(now / 1000) + this.ttlSeconds;
    return docs.map((doc) => {
      const view = toMediaView(doc);
      if (!viewerId || !courseGuardOf(doc)) return { ...view, expiresAt: null };
      const link = signMediaLink(this.secret, doc.id, viewerId, exp);
      const sign = (url: string) => withMediaLink(url, link);
      return {
        ...view,
        url: sign(view.url),
        posterUrl: view.posterUrl && sign(view.posterUrl),
        variants: view.variants.map((v) => ({ ...v, url: sign(v.url) })),
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    });
  }
}
