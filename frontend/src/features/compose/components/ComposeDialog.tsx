import '../compose.css';

import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { postTarget, PostToPicker, usePostTargets } from '@/features/communities';
import { useGetPostQuery } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { Avatar } from '@/ui/Avatar';
import { useDialogFocus } from '@/ui/dialog';
import { CloseIcon } from '@/ui/icons';

import { canPost, type DraftProblem, EMPTY_DRAFT, hasContent, liveProblems, validateDraft } from '../draft/draft';
import { draftReducer } from '../draft/draftReducer';
import { formatClock } from '../format';
import { useSubmitPost } from '../hooks/useSubmitPost';
import { useVoiceRecorder } from '../hooks/useVoiceRecorder';
import { COMPOSE_LIMITS } from '../limits';
import type { FileProblem, MediaKind } from '../media/fileRules';
import { revokePreview } from '../media/mediaMetadata';
import { prepareMedia, recordedItem } from '../media/prepareMedia';
import { type ComposeProblem, problemKey, problemText } from '../problemText';
import { AttachmentList } from './AttachmentList';
import { CharacterCounter } from './CharacterCounter';
import { ComposeToolbar } from './ComposeToolbar';
import { PollEditor } from './PollEditor';
import { PostingProgress } from './PostingProgress';
import { QuotePreview } from './QuotePreview';

interface Props {
  /** `/compose?quote=<postId>`: the post this one quotes. */
  quotePostId: string | null;
  /** `/compose?community=<id>`: the community preselected under "Post to". */
  communityId?: string | null;
  onClose: () => void;
  /** Once sent: the new post's id (null when there is none to open). */
  onPosted: (postId: string | null) => void;
}

/** §2 create-post modal: text, attachments, poll, voice message and quote, sent as one multipart post. */
export function ComposeDialog({ quotePostId, communityId = null, onClose, onPosted }: Props) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const titleId = useId();
  const textId = useId();
  const counterId = useId();
  const [draft, dispatch] = useReducer(draftReducer, { ...EMPTY_DRAFT, quotedPostId: quotePostId, communityId });
  const targets = usePostTargets();
  const [pickProblems, setPickProblems] = useState<ComposeProblem[]>([]);
  const [submitProblems, setSubmitProblems] = useState<DraftProblem[]>([]);
  const [processing, setProcessing] = useState(0);
  const quote = useGetPostQuery(quotePostId ?? '', { skip: !quotePostId });
  const textArea = useRef<HTMLTextAreaElement>(null);
  const mounted = useRef(true);
  const media = useRef(draft.media);
  media.current = draft.media;

  const { submit, busy, percent } = useSubmitPost(onPosted);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      media.current.forEach((m) => revokePreview(m.preview));
    };
  }, []);

  // A quote that cannot be loaded is dropped; the member may still post their text.
  useEffect(() => {
    if (quote.isError) dispatch({ type: 'quoteSet', postId: null });
  }, [quote.isError]);

  const recorder = useVoiceRecorder(
    useCallback(
      (file: File, seconds: number) => dispatch({ type: 'mediaAdded', items: [recordedItem(file, seconds)] }),
      [],
    ),
  );
  const recording = recorder.status === 'recording';

  const close = useCallback(() => {
    if (!busy) onClose();
  }, [busy, onClose]);
  const trap = useDialogFocus<HTMLDivElement>(close, { initialFocus: textArea });

  const onPick = async (kind: MediaKind, files: File[]) => {
    setPickProblems([]);
    setProcessing((n) => n + 1);
    try {
      const { items, problems } = await prepareMedia(files, kind, media.current);
      if (!mounted.current) {
        items.forEach((m) => revokePreview(m.preview));
        return;
      }
      if (items.length > 0) dispatch({ type: 'mediaAdded', items });
      setPickProblems(problems);
    } finally {
      if (mounted.current) setProcessing((n) => n - 1);
    }
  };

  const onRemove = (id: string) => {
    const item = draft.media.find((m) => m.id === id);
    if (item) revokePreview(item.preview);
    dispatch({ type: 'mediaRemoved', id });
    setPickProblems([]);
  };

  const onRecord = () => {
    setPickProblems([]);
    const audios = draft.media.filter((m) => m.type === 'audio').length;
    const refusal: FileProblem | null =
      audios >= COMPOSE_LIMITS.maxAudios
        ? { code: 'tooManyAudios' }
        : draft.media.length >= COMPOSE_LIMITS.maxFiles
          ? { code: 'tooManyFiles' }
          : null;
    if (refusal) setPickProblems([refusal]);
    else void recorder.start();
  };

  const onSubmit = async () => {
    const problems = validateDraft(draft);
    setSubmitProblems(problems);
    if (problems.length === 0 && !busy) await submit({ ...draft, communityId: postTarget(targets, draft.communityId) });
  };

  const problems = useMemo(() => {
    const all: ComposeProblem[] = [...liveProblems(draft), ...pickProblems, ...submitProblems];
    if (recorder.error) all.push({ code: recorder.error });
    const seen = new Set<string>();
    return all.filter((p) => (seen.has(problemKey(p)) ? false : (seen.add(problemKey(p)), true)));
  }, [draft, pickProblems, submitProblems, recorder.error]);

  const postDisabled = !canPost(draft) || busy || processing > 0 || recording;
  const inputsDisabled = busy;
  const quoted = quote.data && draft.quotedPostId ? quote.data : null;
  const community = targets.communities.find((c) => c.id === draft.communityId);

  return (
    <div className="compose__backdrop" onClick={() => !hasContent(draft) && close()}>
      <div
        ref={trap.ref}
        className="compose"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || processing > 0}
        onKeyDown={trap.onKeyDown}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="compose__header">
          <button type="button" className="icon-button" aria-label={t('compose.close')} disabled={busy} onClick={close}>
            <CloseIcon />
          </button>
          <h2 id={titleId} className="compose__title">
            {t('compose.title')}
          </h2>
          {quotePostId ? null : (
            <Link
              className="compose__video-mode"
              // The community chosen under "Post to" goes along to the video composer.
              to={`/compose?${new URLSearchParams({ mode: 'video', ...(draft.communityId ? { community: draft.communityId } : {}) }).toString()}`}
              replace
            >
              {t('videos.compose.switchToVideo')}
            </Link>
          )}
        </header>
        <form
          className="compose__form"
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit();
          }}
        >
          <div className="compose__body">
            <Avatar src={user?.avatarUrl ?? user?.profileImage} name={user?.displayName} size={40} />
            <div className="compose__main">
              <label className="visually-hidden" htmlFor={textId}>
                {t(draft.poll ? 'compose.pollTextLabel' : 'compose.textLabel')}
              </label>
              <textarea
                ref={textArea}
                id={textId}
                className={`compose__text compose__text--${draft.textSize}`}
                placeholder={t(draft.poll ? 'compose.pollPlaceholder' : 'compose.placeholder')}
                value={draft.text}
                rows={4}
                dir="auto"
                disabled={inputsDisabled}
                aria-describedby={counterId}
                aria-invalid={draft.text.length > COMPOSE_LIMITS.textMax || undefined}
                onChange={(e) => {
                  dispatch({ type: 'textChanged', text: e.target.value });
                  setSubmitProblems([]);
                }}
              />
              <CharacterCounter id={counterId} count={draft.text.length} max={COMPOSE_LIMITS.textMax} />
              {user && !user.isEmailVerified ? (
                <p className="notice compose__limited">{t('compose.limitedNotice')}</p>
              ) : null}
              {quotePostId && quote.isFetching && !quote.data ? (
                <p className="muted">{t('compose.quote.loading')}</p>
              ) : null}
              {quotePostId && quote.isError ? (
                <p className="notice notice--error">{t('compose.quote.unavailable')}</p>
              ) : null}
              {quoted ? <QuotePreview post={quoted} /> : null}
              {draft.poll ? (
                <PollEditor
                  options={draft.poll}
                  disabled={inputsDisabled}
                  onChange={(index, text) => {
                    dispatch({ type: 'pollOptionChanged', index, text });
                    setSubmitProblems([]);
                  }}
                  onAdd={() => dispatch({ type: 'pollOptionAdded' })}
                  onRemove={(index) => dispatch({ type: 'pollOptionRemoved', index })}
                />
              ) : null}
              <AttachmentList
                media={draft.media}
                disabled={inputsDisabled}
                onRemove={onRemove}
                onCaption={(id, caption) => dispatch({ type: 'captionChanged', id, caption })}
              />
              {recording ? (
                <p className="compose__recording" role="timer" aria-live="off">
                  <span className="compose__recording-dot" aria-hidden="true" />
                  {t('compose.recording', {
                    elapsed: formatClock(recorder.seconds, i18n.language),
                    max: formatClock(COMPOSE_LIMITS.recordingSeconds, i18n.language),
                  })}
                </p>
              ) : null}
              {processing > 0 ? (
                <p className="muted" role="status">
                  {t('compose.processing')}
                </p>
              ) : null}
              <div className="compose__problems" role="alert">
                {problems.map((p) => (
                  <p key={problemKey(p)} className="field__error">
                    {problemText(t, p)}
                  </p>
                ))}
              </div>
            </div>
          </div>
          <PostToPicker
            targets={targets}
            value={draft.communityId}
            disabled={inputsDisabled}
            onChange={(id) => dispatch({ type: 'communitySet', communityId: id })}
          />
          <dl className="compose__settings">
            <div>
              <dt className="visually-hidden">{t('compose.audienceLabel')}</dt>
              <dd>
                {community?.privacy === 'private'
                  ? t('compose.community.membersOf', { name: community.name })
                  : t('compose.audience')}
              </dd>
            </div>
            <div>
              <dt className="visually-hidden">{t('compose.repliesLabel')}</dt>
              <dd>{t('compose.replies')}</dd>
            </div>
          </dl>
          {percent !== null ? <PostingProgress percent={percent} /> : null}
          <footer className="compose__footer">
            <ComposeToolbar
              disabled={inputsDisabled}
              pollOpen={draft.poll !== null}
              recording={recording}
              textSize={draft.textSize}
              onPick={(kind, files) => void onPick(kind, files)}
              onTogglePoll={() => {
                dispatch({ type: 'pollToggled' });
                setSubmitProblems([]);
              }}
              onRecord={onRecord}
              onStopRecording={recorder.stop}
              onCycleTextSize={() => dispatch({ type: 'textSizeCycled' })}
            />
            <button type="submit" className="button compose__post" disabled={postDisabled}>
              {busy ? t('compose.posting') : t('compose.post')}
            </button>
          </footer>
        </form>
      </div>
    </div>
  );
}
