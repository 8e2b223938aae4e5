import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { serverCode, serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { PaperclipIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';

import { useAddCommentMutation } from '../api';
import { ACCEPTED_FILES, addAttachments, checkCommentText, COMMENT_LIMITS, type RuleMessage } from '../commentRules';
import { AttachmentPreview } from './AttachmentPreview';

/** The counter appears once the text nears the limit. */
const COUNTER_FROM = Math.floor(COMMENT_LIMITS.maxLength * 0.9);

/** Guests are sent to /auth to comment (spec §4, §6). */
function GuestPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="reply-composer reply-composer--guest">
      <p className="muted">{t('postDetail.composer.guest')}</p>
      <button
        type="button"
        className="button"
        onClick={() => navigate('/auth', { state: { from: location.pathname } })}
      >
        {t('postDetail.composer.signIn')}
      </button>
    </div>
  );
}

/** A community's refusal of a reply, in the words the post screen uses for it (PostDetailScreen). */
export const COMMUNITY_REFUSALS = {
  COMMUNITY_MUTED: 'postDetail.mutedInCommunity',
  COMMUNITY_BANNED: 'postDetail.bannedFromCommunity',
} as const;

/** The reply composer: text and files (§5 rules), multipart POST, the list refreshes on success. */
export function CommentComposer({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const [addComment, { isLoading }] = useAddCommentMutation();
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [textError, setTextError] = useState<RuleMessage | null>(null);
  const [fileErrors, setFileErrors] = useState<RuleMessage[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), errors: useId(), counter: useId(), hint: useId() };

  if (!user) return <GuestPrompt />;

  // Unverified members' files are dropped by the server (spec §1: commenting fully after verification).
  const canAttach = user.isEmailVerified;
  const tooLong = content.length > COMMENT_LIMITS.maxLength;
  const nothing = content.trim() === '' && files.length === 0;
  const liveError = tooLong ? checkCommentText(content, files.length) : textError;
  const say = (m: RuleMessage) => t(`postDetail.${m.key}`, m.values ?? {});

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again after removing it still fires a change.
    event.target.value = '';
    const next = addAttachments(files, picked);
    setFiles(next.files);
    setFileErrors(next.errors);
    if (next.files.length > 0) setTextError(null);
  };

  const submit = async () => {
    const problem = checkCommentText(content, files.length);
    setTextError(problem);
    if (problem || isLoading) return;
    try {
      const added = await addComment({ postId, content: content.trim(), files }).unwrap();
      setContent('');
      setFiles([]);
      setFileErrors([]);
      toast(
        added.limited ? t('postDetail.composer.limited') : t('postDetail.composer.posted'),
        added.limited ? 'info' : 'success',
      );
    } catch (error) {
      const code = serverCode(error);
      // Muted or banned since the screen opened: the notice that screen gives such a member.
      if (code === 'COMMUNITY_MUTED' || code === 'COMMUNITY_BANNED') return toast(t(COMMUNITY_REFUSALS[code]), 'error');
      const detail = serverMessage(error);
      toast(
        detail ? t('postDetail.composer.failedWith', { message: detail }) : t('postDetail.composer.failed'),
        'error',
      );
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // Ctrl/Cmd+Enter sends, as in most reply boxes; a blank reply then explains why nothing was sent.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const messages = [...(liveError ? [liveError] : []), ...fileErrors];
  const describedBy = [
    messages.length ? ids.errors : '',
    content.length >= COUNTER_FROM ? ids.counter : '',
    canAttach ? '' : ids.hint,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form className="reply-composer" onSubmit={onSubmit} aria-label={t('postDetail.composer.label')} noValidate>
      <label htmlFor={ids.text} className="visually-hidden">
        {t('postDetail.composer.label')}
      </label>
      <textarea
        id={ids.text}
        className="field__input reply-composer__text"
        value={content}
        placeholder={t('postDetail.composer.placeholder')}
        rows={3}
        dir="auto"
        disabled={isLoading}
        aria-invalid={liveError ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => {
          setContent(e.target.value);
          if (textError) setTextError(null);
        }}
        onKeyDown={onKeyDown}
      />
      {content.length >= COUNTER_FROM ? (
        <p id={ids.counter} className={`reply-composer__counter${tooLong ? ' reply-composer__counter--over' : ''}`}>
          {t('postDetail.composer.counter', { n: content.length, max: COMMENT_LIMITS.maxLength })}
        </p>
      ) : null}
      {messages.length > 0 ? (
        <ul id={ids.errors} className="reply-composer__errors" role="alert">
          {messages.map((m) => (
            <li key={`${m.key}${JSON.stringify(m.values ?? {})}`} className="field__error">
              {say(m)}
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className="reply-composer__attachments" aria-label={t('postDetail.composer.attachments')}>
          {files.map((file, index) => (
            <AttachmentPreview
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              disabled={isLoading}
              onRemove={() => setFiles(files.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      ) : null}
      {canAttach ? null : (
        <p id={ids.hint} className="field__hint">
          {t('postDetail.composer.verifyToAttach')}
        </p>
      )}
      <div className="reply-composer__bar">
        {canAttach ? (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              accept={ACCEPTED_FILES}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              aria-label={t('postDetail.composer.attach')}
              onChange={onPick}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={t('postDetail.composer.attach')}
              onClick={() => picker.current?.click()}
              disabled={isLoading}
            >
              <PaperclipIcon />
            </button>
          </>
        ) : (
          <span />
        )}
        <button type="submit" className="button" disabled={nothing || tooLong || isLoading}>
          {isLoading ? t('postDetail.composer.sending') : t('postDetail.composer.submit')}
        </button>
      </div>
    </form>
  );
}
