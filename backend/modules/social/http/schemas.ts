import { checkJsonShape } from '@platform/http/json-shape';
import { z } from 'zod';

import { ANSWER_LIMITS, MESSAGES, POST_LIMITS } from '../limits';

/**
 * The JSON text of a list of texts: one level, a handful of entries. Checked on its bytes before it
 * is parsed, as JSON bodies are: a form field may hold a megabyte, and a megabyte of `[` would block
 * the server while JSON.parse walks it. A text of another shape stays text and fails as not a list.
 */
const FLAT_LIST = { maxDepth: 1, maxItems: 100 };

/** Issue 41: posted in one of the author's communities (an empty form field is none). */
export const communityIdField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string({ invalid_type_error: 'Community not found' }).uuid('Community not found').optional(),
);

/** Multipart forms send arrays as JSON text (spec §7: imageCaptions and pollOptions are JSON arrays). */
const jsonArray = (message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      if (checkJsonShape(Buffer.from(v, 'utf8'), FLAT_LIST)) return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(z.string({ invalid_type_error: message }), { invalid_type_error: message }),
  );

/** The post form; `withFiles`: media are attached, so text may be empty. */
export const postFormSchema = (withFiles: boolean) =>
  z
    .object({
      content: z
        .string({ invalid_type_error: 'Post content must be text' })
        .max(POST_LIMITS.createMax, `Post must be ${POST_LIMITS.createMax} characters or less`)
        .default(''),
      type: z
        .enum(['text', 'media', 'poll', 'quote'], {
          errorMap: () => ({ message: 'Post type must be text, media, poll or quote' }),
        })
        .optional(),
      pollOptions: jsonArray('Poll options must be a JSON array of texts')
        .refine(
          (o) => o.length <= POST_LIMITS.pollMaxOptions,
          `A poll can have at most ${POST_LIMITS.pollMaxOptions} options`,
        )
        .refine(
          (o) => o.every((x) => x.trim().length <= POST_LIMITS.pollOptionMax),
          `Poll options must be ${POST_LIMITS.pollOptionMax} characters or less`,
        )
        .optional(),
      quotedPostId: z.string().uuid('The quoted post does not exist').optional(),
      communityId: communityIdField,
      imageCaptions: jsonArray('Image captions must be a JSON array of texts')
        .refine(
          (c) => c.every((x) => x.length <= POST_LIMITS.captionMax),
          `Image captions must be ${POST_LIMITS.captionMax} characters or less`,
        )
        .optional(),
    })
    .superRefine((b, ctx) => {
      const filled = (b.pollOptions ?? []).filter((o) => o.trim()).length;
      if (b.type === 'poll' && filled < POST_LIMITS.pollMinOptions) {
        ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: 'A poll needs at least 2 options' });
      }
      if (b.type === 'quote' && !b.quotedPostId)
        ctx.addIssue({ code: 'custom', path: ['quotedPostId'], message: 'The quoted post does not exist' });
      if (!withFiles && !b.content.trim() && filled < POST_LIMITS.pollMinOptions)
        ctx.addIssue({ code: 'custom', path: ['content'], message: MESSAGES.emptyPost });
    });

export const createPostSchema = postFormSchema(false);

export const editPostSchema = z.object({
  content: z
    .string({ required_error: MESSAGES.editEmpty, invalid_type_error: MESSAGES.editEmpty })
    .max(10_000, MESSAGES.editTooLong),
});

export const voteSchema = z.object({
  option: z
    .number({ required_error: MESSAGES.badOption, invalid_type_error: MESSAGES.badOption })
    .int(MESSAGES.badOption)
    .min(1, MESSAGES.badOption)
    .max(POST_LIMITS.pollMaxOptions, MESSAGES.badOption),
});

/** A post's author appealing its hiding: their own words are optional, and short. */
export const appealSchema = z.object({
  text: z
    .string({ invalid_type_error: MESSAGES.appealNotText })
    .trim()
    .max(POST_LIMITS.appealMax, MESSAGES.appealTooLong)
    .optional()
    .default(''),
});

export const reportSchema = z.object({
  reason: z
    .string({
      required_error: 'Please tell us why you are reporting this post',
      invalid_type_error: 'Please tell us why you are reporting this post',
    })
    .trim()
    .min(1, 'Please tell us why you are reporting this post')
    .max(POST_LIMITS.reportReasonMax, `The reason must be ${POST_LIMITS.reportReasonMax} characters or less`),
});

/** The comment form; `withFiles`: media are attached, so text may be empty. */
export const commentFormSchema = (withFiles: boolean) =>
  z.object({
    content: z
      .string({ invalid_type_error: MESSAGES.emptyComment })
      .max(POST_LIMITS.commentMax, `Comments must be ${POST_LIMITS.commentMax} characters or less`)
      .default('')
      .refine((c) => withFiles || c.trim().length > 0, MESSAGES.emptyComment),
  });

export const commentSchema = commentFormSchema(false);

/** Spec part 2 §3 Share payload; §5: both texts are required. */
export const shareAnswerSchema = z.object({
  question: z
    .string({ required_error: MESSAGES.shareQuestionRequired, invalid_type_error: MESSAGES.shareQuestionRequired })
    .trim()
    .min(1, MESSAGES.shareQuestionRequired)
    .max(ANSWER_LIMITS.questionMax, MESSAGES.shareQuestionTooLong),
  answer: z
    .string({ required_error: MESSAGES.shareAnswerRequired, invalid_type_error: MESSAGES.shareAnswerRequired })
    .trim()
    .min(1, MESSAGES.shareAnswerRequired)
    .max(ANSWER_LIMITS.answerMax, MESSAGES.shareAnswerTooLong),
  anonymous: z.boolean({ invalid_type_error: 'anonymous must be true or false' }).default(false),
  communityId: communityIdField,
});
