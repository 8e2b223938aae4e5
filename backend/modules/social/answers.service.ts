import { ProducedAnswers } from '@modules/ai';
import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { UserDoc } from '@projections/identity';

import { CommandExecutor } from '../../src/platform/decider/command-executor';
import type { CommandMetadata } from '../../src/platform/decider/handle-command';
import { newId } from '../../src/platform/ids';
import { CommunityGate } from './community-gate';
import { postDecider } from './domain/post.decider';
import { type PostCreatedData, postStream, type SharedAnswerData } from './events';
import { MESSAGES } from './limits';
import { SOCIAL } from './posts.service';

/**
 * Sharing an AI scholar answer to the Q&A feed (spec part 2 §7 POST /api/ai-share). A share is a
 * post of type ai_answer, so it is liked, commented, reported and deleted like any post; it never
 * enters a profile or a follower's home feed (only a community's, when shared into one), and an
 * anonymous one names nobody outside the event log.
 * Only an answer the scholar gave the sharing member, word for word, and once, may be shared (ProducedAnswers):
 * the feed presents it as the scholar's, so a made-up text must not get there under its name.
 */
@Injectable()
export class AnswersService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly produced: ProducedAnswers,
    private readonly communities: CommunityGate,
  ) {}

  /**
   * `communityId`: shared into one of the member's communities too (issue 41): a public one's share
   * is in the Q&A feed and the community's; a private one's is for its members only (not in the Q&A feed).
   */
  async share(
    author: UserDoc,
    answer: SharedAnswerData,
    communityId: string | null,
    meta: CommandMetadata,
  ): Promise<string> {
    // Before the answer is taken: a community the member may not post in spends nothing.
    const community = communityId ? await this.communities.postingIn(communityId, author.id) : null;
    // Taken before the write, not checked: two shares of one answer at once cannot both pass.
    const taken = await this.produced.takeFor(author.id, answer.question, answer.answer);
    if (!taken) throw new DomainError('ANSWER_NOT_PRODUCED', MESSAGES.answerNotProduced, 422);
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
      ...(community ? { community } : {}),
      createdAt: new Date().toISOString(),
    };
    try {
      await this.commands.execute(postStream(postId), postDecider, { type: 'CreatePost', post }, meta, {
        waitFor: SOCIAL,
        newStream: true,
      });
    } catch (err) {
      // Nothing was appended (after the append, execute only waits and does not throw): not spent.
      // The share's own error is the one to report; a receipt not given back only means asking again.
      await taken.giveBack().catch(() => undefined);
      throw err;
    }
    return postId;
  }
}
