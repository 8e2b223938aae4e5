import { z } from 'zod';

import { MESSAGE_TYPES } from '../events';
import { MAX_MESSAGE_LENGTH } from '../limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (what: string) =>
  z
    .string({ required_error: `${what} is required`, invalid_type_error: `${what} is required` })
    .regex(UUID, `${what} is not valid`);
const optionalId = (what: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(what).optional());

export const startConversationSchema = z.object({ userId: id('userId') });

const tooLong = (s: string) => s.trim().length <= MAX_MESSAGE_LENGTH;
const TOO_LONG = `Message must be ${MAX_MESSAGE_LENGTH} characters or less`;

/** POST /api/messages (spec part 2 §7): to a conversation, or to a member (the pair's conversation). */
const addressing = {
  messageType: z
    .enum(MESSAGE_TYPES, { errorMap: () => ({ message: 'messageType must be text, image, video or audio' }) })
    .default('text'),
  replyToId: optionalId('replyToId'),
  conversationId: optionalId('conversationId'),
  receiverId: optionalId('receiverId'),
};

const textContent = z
  .string({ required_error: 'Message content cannot be empty', invalid_type_error: 'Message content cannot be empty' })
  .refine((s) => s.trim().length > 0, 'Message content cannot be empty')
  .refine(tooLong, TOO_LONG);

/** A file carries an image, video or audio message: the text beside it is an optional caption. */
const captionContent = z.string({ invalid_type_error: 'content must be text' }).default('').refine(tooLong, TOO_LONG);

const addressed = { message: 'conversationId or receiverId is required', path: ['conversationId'] };

export const sendMessageSchema = z
  .object({ content: textContent, ...addressing })
  .refine((b) => b.conversationId || b.receiverId, addressed);
export const sendMediaMessageSchema = z
  .object({ content: captionContent, ...addressing })
  .refine((b) => b.conversationId || b.receiverId, addressed);
/** JSON naming a file sent before through the chunked upload API (`private: true`) by its media id. */
export const sendUploadedMediaMessageSchema = z
  .object({ content: captionContent, ...addressing, mediaId: id('mediaId') })
  .refine((b) => b.conversationId || b.receiverId, addressed);

export const mutedSchema = z.object({
  muted: z.boolean({
    required_error: 'muted must be true or false',
    invalid_type_error: 'muted must be true or false',
  }),
});
export const archivedSchema = z.object({
  archived: z.boolean({
    required_error: 'archived must be true or false',
    invalid_type_error: 'archived must be true or false',
  }),
});
export const starredSchema = z.object({
  starred: z.boolean({
    required_error: 'starred must be true or false',
    invalid_type_error: 'starred must be true or false',
  }),
});

export const isUuid = (value: string) => UUID.test(value);
