import { Module, OnModuleInit } from '@nestjs/common';

import { AiModule } from '../ai';
import { AccountExportService, IdentityModule } from '../identity';
import { MediaModule } from '../media';
import { PostCounts, ProfilesModule } from '../profiles';
import { RealtimeModule } from '../realtime';
import { RelationshipsModule } from '../relationships';
import { AnswersService } from './answers.service';
import { Attachments } from './attachments';
import { CommentGate } from './comment-gate';
import { CommentsService } from './comments.service';
import { CommunityGate } from './community-gate';
import { AnswersController } from './http/answers.controller';
import { BookmarksController } from './http/bookmarks.controller';
import { CommentsController } from './http/comments.controller';
import { PostsController } from './http/posts.controller';
import { ProfileTabsController } from './http/profile-tabs.controller';
import { ReactionsController } from './http/reactions.controller';
import { VideoPostsController } from './http/video-posts.controller';
import { PostHydrator } from './post-hydrator';
import { PostsService } from './posts.service';
import { FeedQueries } from './queries/feed.queries';
import { ReadModelPostCounts } from './queries/post-counts.queries';
import { PostPreviews } from './queries/post-preview.queries';
import { ReactedPostsQueries } from './queries/reacted-posts.queries';
import { VideosQueries } from './queries/videos.queries';
import { SocialExport } from './social.export';
import { WatchSocketHandlers } from './socket/watch.socket-handlers';
import { VideoPostsService } from './video-posts.service';

/** Posts, polls, quotes, shared AI answers (the Q&A feed), reactions, comments, reports, the feed and the profile tabs. */
@Module({
  imports: [IdentityModule, RelationshipsModule, ProfilesModule, MediaModule, RealtimeModule, AiModule],
  controllers: [
    PostsController,
    AnswersController,
    ReactionsController,
    CommentsController,
    BookmarksController,
    ProfileTabsController,
    VideoPostsController,
  ],
  providers: [
    Attachments,
    PostsService,
    AnswersService,
    CommentsService,
    FeedQueries,
    PostPreviews,
    ReactedPostsQueries,
    PostHydrator,
    ReadModelPostCounts,
    SocialExport,
    WatchSocketHandlers,
    VideoPostsService,
    VideosQueries,
    CommentGate,
    CommunityGate,
  ],
  exports: [PostsService, CommentsService, FeedQueries, PostPreviews, CommunityGate],
})
export class SocialModule implements OnModuleInit {
  constructor(
    private readonly postCounts: PostCounts,
    private readonly memberPostCounts: ReadModelPostCounts,
    private readonly accountExport: AccountExportService,
    private readonly socialExport: SocialExport,
  ) {}

  /** The profile header's posts and likes counts come from here (profiles must not import social). */
  onModuleInit() {
    this.postCounts.use(this.memberPostCounts);
    this.accountExport.register('posts', (id) => this.socialExport.posts(id));
    this.accountExport.register('comments', (id) => this.socialExport.comments(id));
    this.accountExport.register('likes', (id) => this.socialExport.reactions(id, 'like'));
    this.accountExport.register('bookmarks', (id) => this.socialExport.reactions(id, 'bookmark'));
    this.accountExport.register('reposts', (id) => this.socialExport.reactions(id, 'repost'));
  }
}
