import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';

import { VIDEO_POST_MESSAGES } from './limits';
import { VideoPostsService } from './video-posts.service';

/** The comments endpoint asks here before taking a comment (a video author may turn them off). */
@Injectable()
export class CommentGate {
  constructor(private readonly videoPosts: VideoPostsService) {}

  async assertOpen(postId: string): Promise<void> {
    if (!(await this.videoPosts.commentsAllowed(postId)))
      throw new DomainError('COMMENTS_DISABLED', VIDEO_POST_MESSAGES.commentsOff, 403);
  }
}
