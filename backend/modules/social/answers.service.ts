import { Injectable } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';

import { CommandExecutor } from '../../src/platform/decider/command-executor';
import type { CommandMetadata } from '../../src/platform/decider/handle-command';
import { newId } from '../../src/platform/ids';
import { postDecider } from './domain/post.decider';
import { type PostCreatedData, postStream, type SharedAnswerData } from './events';
import { SOCIAL } from './posts.service';

/**
 * Sharing an AI scholar answer to the Q&A feed (spec part 2 §7 POST /api/ai-share). A share is a
 * post of type ai_answer, so it is liked, commented, reported and deleted like any post; it never
 * enters the home feed or a profile, and an anonymous one names nobody outside the event log.
 */
@Injectable()
export class AnswersService {
  constructor(private readonly commands: CommandExecutor) {}

  async share(author: UserDoc, answer: SharedAnswerData, meta: CommandMetadata): Promise<string> {
    const postId = newId();
    const post: PostCreatedData = {
      postId,
      userId: author.id,
      type: 'ai_answer',
      content: answer.question,
      // The scholar's words are not the member's: they tag and mention no one.
      hashtags: [],
      mentions: [],
      poll: null,
      quotedPostId: null,
      imageCaptions: [],
      answer,
      limited: false,
      createdAt: new Date().toISOString(),
    };
    await this.commands.execute(postStream(postId), postDecider, { type: 'CreatePost', post }, meta, {
      waitFor: SOCIAL,
    });
    return postId;
  }
}
