import { type KeyboardEvent, useRef, useState } from 'react';

import { useVoiceRecorder } from '@/features/compose';
import { type AdmitRules, DEFAULT_ADMIT_RULES, UploadThumbnail, useMediaUploader } from '@/features/uploads';
import { useTranslation } from '@/i18n/useTranslation';
import { CloseIcon, MicIcon, PaperclipIcon, StopIcon } from '@/ui/icons';

import type { MessageView, Outgoing } from '../types';
import { MAX_ATTACHMENT_BYTES, MAX_MESSAGE_LENGTH } from '../types';

/** §5 media uploader rules for a message's files: photos and videos of at most 50 MB, up to 4 (a message each). */
const MESSAGE_FILES: AdmitRules = { ...DEFAULT_ADMIT_RULES, maxBytes: MAX_ATTACHMENT_BYTES };

/**
 * Writing a message (spec part 2 §5): Enter sends, Shift+Enter breaks the line; blank text is never
 * sent (a photo or video may go without words); a reply quotes the message it answers; a voice
 * message is recorded in the browser and sent when stopped. Photos and videos go through the §5 media
 * uploader (images resized to WebP in the browser, each file sent in chunks with its own state),
 * private to the sender until the message shares them, each shown as itself with its progress ring
 * until sent (UploadThumbnail); Send waits until every file is uploaded, then sends one message per
 * file, the words with the first.
 */
export function Composer({
  replyTo,
  onCancelReply,
  onSend,
  onTyping,
}: {
  replyTo: MessageView | null;
  onCancelReply: () => void;
  onSend: (message: Outgoing) => void;
  onTyping: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const uploader = useMediaUploader({ private: true, rules: MESSAGE_FILES });
  const files = uploader.items;
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const recorder = useVoiceRecorder((recording) => {
    onSend({ content: '', messageType: 'audio', replyTo, file: recording });
    onCancelReply();
  });

  const tooLong = text.trim().length > MAX_MESSAGE_LENGTH;
  const uploaded = files.every((item) => item.status === 'completed' && item.mediaId);
  const canSend = !tooLong && uploaded && (text.trim().length > 0 || files.length > 0);

  const send = () => {
    if (!canSend) return;
    if (files.length === 0) onSend({ content: text.trim(), messageType: 'text', replyTo });
    files.forEach((item, n) =>
      onSend({
        content: n === 0 ? text.trim() : '',
        messageType: item.type,
        replyTo: n === 0 ? replyTo : null,
        upload: { mediaId: item.mediaId!, name: item.file.name },
      }),
    );
    files.forEach((item) => uploader.remove(item.id));
    setText('');
    onCancelReply();
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a word uses Enter to pick it: that is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const recording = recorder.status === 'recording';

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {replyTo ? (
        <div className="composer__reply">
          <span className="composer__reply-text">
            <strong>{t('messages.composer.replyingTo', { name: replyTo.sender.name })}</strong>
            <span className="muted">{replyTo.content}</span>
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('messages.composer.cancelReply')}
            onClick={onCancelReply}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="upload-thumbs composer__files" aria-label={t('messages.composer.files')}>
          {files.map((item) => (
            <UploadThumbnail
              key={item.id}
              item={item}
              onPause={uploader.pause}
              onResume={uploader.retry}
              onRemove={uploader.remove}
            />
          ))}
        </ul>
      ) : null}
      {recorder.error ? (
        <p role="alert" className="composer__error">
          {t(recorder.error === 'micRefused' ? 'messages.composer.micRefused' : 'messages.composer.unsupported')}
        </p>
      ) : null}
      {tooLong ? (
        <p role="alert" className="composer__error">
          {t('messages.composer.tooLong')}
        </p>
      ) : null}
      <div className="composer__row">
        <input
          ref={picker}
          type="file"
          accept={MESSAGE_FILES.accept.join(',')}
          multiple
          hidden
          onChange={(event) => {
            // The uploader admits what §5 allows (type, 50 MB, 4 files) and says why it refuses the rest.
            uploader.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
          data-testid="attachment-input"
        />
        <button
          type="button"
          className="icon-button"
          aria-label={t('messages.composer.attach')}
          disabled={recording || files.length >= MESSAGE_FILES.maxFiles}
          onClick={() => picker.current?.click()}
        >
          <PaperclipIcon />
        </button>
        {recording ? (
          <p className="composer__recording" role="status">
            {t('messages.composer.recording', { seconds: recorder.seconds })}
          </p>
        ) : (
          <textarea
            ref={box}
            className="composer__input"
            rows={1}
            aria-label={t('messages.composer.label')}
            placeholder={t('messages.composer.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) onTyping();
            }}
            onKeyDown={onKeyDown}
          />
        )}
        {recording ? (
          <button
            type="button"
            className="icon-button composer__stop"
            aria-label={t('messages.composer.stop')}
            onClick={recorder.stop}
          >
            <StopIcon />
          </button>
        ) : (
          <>
            {text.trim() || files.length > 0 ? null : (
              <button
                type="button"
                className="icon-button"
                aria-label={t('messages.composer.record')}
                onClick={() => void recorder.start()}
              >
                <MicIcon />
              </button>
            )}
            <button type="submit" className="button composer__send" disabled={!canSend}>
              {t('messages.composer.send')}
            </button>
          </>
        )}
      </div>
    </form>
  );
}
