import '../videos-compose.css';

import { useEffect, useId, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

import { PostToPicker } from '@/features/communities';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';
import { CloseIcon, VideoIcon } from '@/ui/icons';

import { hasResumableUpload } from '../../uploads';
import { CaptionField } from './CaptionField';
import { DraftsList } from './DraftsList';
import { UploadPanel } from './UploadPanel';
import { useVideoComposer, type VideoComposerOptions } from './useVideoComposer';
import { VIDEO_POST_RULES } from './videoRules';
import { VideoSummary } from './VideoSummary';

/** Create Video Post (part 2 §2): picker, summary, caption, Allow Comments, chunked upload, drafts. */
export function VideoComposer(options: VideoComposerOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const composer = useVideoComposer(options);
  const { user, video, phase, busy, item, draft } = composer;
  const picker = useRef<HTMLInputElement>(null);
  const switchId = useId();
  const preview = useMemo(
    () => (video && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(video.file) : ''),
    [video],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const locked = busy;
  const circle = composer.targets.communities.find((c) => c.id === composer.communityId);

  return (
    <div className="video-compose">
      <header className="video-compose__header">
        <button type="button" className="button button--quiet" disabled={locked} onClick={() => void navigate('/')}>
          {t('videos.compose.back')}
        </button>
        <h1>{t('videos.compose.title')}</h1>
      </header>

      {user ? (
        <div className="video-compose__author">
          <Avatar src={user.profileImage} name={user.name} size={40} />
          <div>
            <strong>
              <bdi>{user.displayName ?? user.name}</bdi>
            </strong>{' '}
            <bdi className="muted" dir="ltr">
              @{user.username}
            </bdi>
          </div>
        </div>
      ) : null}

      <DraftsList onOpen={composer.openDraft} disabled={locked} />

      <div className="video-compose__picker">
        <input
          ref={picker}
          type="file"
          accept={`${VIDEO_POST_RULES.mime},.mp4`}
          hidden
          data-testid="video-input"
          disabled={locked}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void composer.chooseVideo(file);
          }}
        />
        {video ? (
          <div className="video-compose__preview">
            {preview ? <video src={preview} muted playsInline controls preload="metadata" /> : null}
            <button
              type="button"
              className="video-compose__remove"
              aria-label={t('videos.compose.removeVideo')}
              disabled={locked}
              onClick={composer.removeVideo}
            >
              <CloseIcon />
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="video-compose__choose"
            disabled={locked || phase === 'reading'}
            onClick={() => picker.current?.click()}
          >
            <VideoIcon />
            <span>{phase === 'reading' ? t('videos.compose.reading') : t('videos.compose.chooseVideo')}</span>
            <span className="muted">{t('videos.compose.chooseHint')}</span>
          </button>
        )}
        {!video && draft?.mediaId ? <p className="muted">{t('videos.compose.draftHasVideo')}</p> : null}
        {!video && draft?.videoFile && !draft.mediaId ? (
          <p className="muted">{t('videos.compose.draftNeedsVideo', { name: draft.videoFile.name })}</p>
        ) : null}
      </div>

      {composer.error ? (
        <p className="video-compose__error" role="alert">
          {composer.error}
        </p>
      ) : null}

      {video && phase === 'idle' && !item?.uploadId && hasResumableUpload(video.file) ? (
        <p className="muted" role="status">
          {t('videos.compose.resumeHint', { name: video.file.name })}
        </p>
      ) : null}
      {video ? <VideoSummary video={video} /> : null}

      <CaptionField value={composer.caption} onChange={composer.setCaption} disabled={locked} />

      <div className="video-compose__switch">
        <label htmlFor={switchId}>{t('videos.compose.allowComments')}</label>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={composer.allowComments}
          disabled={locked}
          onChange={(event) => composer.setAllowComments(event.target.checked)}
        />
      </div>
      <PostToPicker
        targets={composer.targets}
        value={composer.communityId}
        disabled={locked}
        onChange={composer.setCommunityId}
      />
      <p className="video-compose__notice">
        {circle?.privacy === 'private'
          ? t('videos.compose.membersNotice', { name: `\u2068${circle.name}\u2069` })
          : t('videos.compose.publicNotice')}
      </p>

      <UploadPanel item={item} phase={phase} onPause={composer.pause} onResume={() => void composer.submit()} />

      <div className="video-compose__actions">
        <button
          type="button"
          className="button button--quiet"
          disabled={!composer.canSaveDraft}
          aria-busy={composer.savingDraft}
          onClick={() => void composer.saveDraft()}
        >
          {composer.savingDraft ? (
            <>
              <span className="video-compose__spinner" aria-hidden="true" /> {t('videos.compose.savingDraft')}
            </>
          ) : (
            t('videos.compose.saveDraft')
          )}
        </button>
        <button type="button" className="button" disabled={!composer.canPost} onClick={() => void composer.submit()}>
          {busy ? t('videos.compose.posting') : t('videos.compose.postVideo')}
        </button>
      </div>
    </div>
  );
}

export default function VideoComposeScreen() {
  return <VideoComposer />;
}
