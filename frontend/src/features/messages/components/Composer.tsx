import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useVoiceRecorder } from '@/features/compose';
import { CloseIcon, MicIcon, PaperclipIcon, StopIcon } from '@/ui/icons';

import type { MessageType, MessageView, Outgoing } from '../types';
import { MAX_ATTACHMENT_BYTES, MAX_MESSAGE_LENGTH } from '../types';

/** The kind of message a picked file makes, or null for a file a message cannot carry. */
export function messageTypeOf(file: File): MessageType | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

/**
 * Writing a message (spec part 2 §5): Enter sends, Shift+Enter breaks the line; blank text is never
 * sent (a photo or video may go without words); a reply quotes the message it answers; a voice
 * message is recorded in the browser and sent when stopped.
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
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const recorder = useVoiceRecorder((recording) => {
    onSend({ content: '', messageType: 'audio', replyTo, file: recording });
    onCancelReply();
  });

  const tooLong = text.trim().length > MAX_MESSAGE_LENGTH;
  const canSend = !tooLong && (text.trim().length > 0 || file !== null);

  const send = () => {
    if (!canSend) return;
    const type = file ? messageTypeOf(file) : 'text';
    if (!type) return;
    onSend({ content: text.trim(), messageType: type, replyTo, ...(file ? { file } : {}) });
    setText('');
    setFile(null);
    onCancelReply();
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a word uses Enter to pick it: that is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    // Spec §5's media rules and messages (the server checks again).
    if (!messageTypeOf(picked)) setRefused(t('messages.composer.badType', { file: picked.name }));
    else if (picked.size > MAX_ATTACHMENT_BYTES) setRefused(t('messages.composer.tooLarge', { file: picked.name }));
    else {
      setRefused(null);
      setFile(picked);
    }
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
      {file ? (
        <div className="composer__attachment">
          <span>{t('messages.composer.attachment', { name: file.name })}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('messages.composer.removeAttachment')}
            onClick={() => setFile(null)}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
      {refused ? (
        <p role="alert" className="composer__error">
          {refused}
        </p>
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
          accept="image/*,video/*"
          hidden
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
          data-testid="attachment-input"
        />
        <button
          type="button"
          className="icon-button"
          aria-label={t('messages.composer.attach')}
          disabled={recording}
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
            {text.trim() || file ? null : (
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
