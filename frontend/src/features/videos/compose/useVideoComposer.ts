import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { postTarget, usePostTargets } from '@/features/communities';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { useToast } from '@/ui/toast';

import { readVideoMetadata, UploadError, type UploadMetadata, useMediaUploader } from '../../uploads';
import {
  useCreateVideoPostMutation,
  useDeleteVideoDraftMutation,
  useSaveVideoDraftMutation,
  type VideoDraft,
} from '../api';
import {
  canPost,
  canSaveDraft,
  checkVideoFile,
  checkVideoMetadata,
  draftProblem,
  postFailure,
  VIDEO_POST_RULES,
  type VideoRuleMessage,
} from './videoRules';

/** Where posting stands: uploading and posting lock the form (§4); paused and failed offer resume/retry. */
export type ComposerPhase = 'idle' | 'reading' | 'uploading' | 'paused' | 'failed' | 'posting' | 'posted';

export interface ChosenVideo {
  file: File;
  metadata: UploadMetadata;
}

const UPLOAD_RULES = { accept: [VIDEO_POST_RULES.mime], maxBytes: VIDEO_POST_RULES.maxBytes, maxFiles: 1 };

/** The Create Video Post composer (part 2 §2, §4, §5): its fields, the chunked upload, drafts and posting. */
export interface VideoComposerOptions {
  /** SHA-256 of the clip (default: in a Web Worker). */
  hash?: (file: Blob) => Promise<string>;
  /** How the clip's duration and size are read (default: a detached video element). */
  readMetadata?: (file: File) => Promise<UploadMetadata>;
}

export function useVideoComposer(options: VideoComposerOptions = {}) {
  const readMetadata = options.readMetadata ?? readVideoMetadata;
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  const uploader = useMediaUploader({
    purpose: 'video-post',
    rules: UPLOAD_RULES,
    autoUpload: false,
    processors: { video: readMetadata },
    ...(options.hash ? { hash: options.hash } : {}),
  });
  const [createPost] = useCreateVideoPostMutation();
  const [saveDraftCall, { isLoading: savingDraft }] = useSaveVideoDraftMutation();
  const [deleteDraft] = useDeleteVideoDraftMutation();

  const [video, setVideo] = useState<ChosenVideo | null>(null);
  const [caption, setCaption] = useState('');
  const [allowComments, setAllowComments] = useState(true);
  // Issue 41: one of the member's communities, or their followers; a community's page links here with it.
  const [params] = useSearchParams();
  const [communityId, setCommunityId] = useState<string | null>(params.get('community'));
  const targets = usePostTargets();
  const [phase, setPhase] = useState<ComposerPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<VideoDraft | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(settle.current ?? undefined), []);

  const item = uploader.items[0] ?? null;
  /** A draft's clip already on the server: posting needs no upload. */
  const uploadedMediaId = item?.mediaId ?? (video ? null : (draft?.mediaId ?? null));
  const busy = phase === 'uploading' || phase === 'posting' || phase === 'posted';
  const hasVideo = video !== null || uploadedMediaId !== null;

  const refuse = useCallback(
    (message: VideoRuleMessage) => {
      const text = t(`videos.compose.error.${message}`);
      setError(text);
      toast(text, 'error');
    },
    [t, toast],
  );

  const removeVideo = useCallback(() => {
    if (item) uploader.remove(item.id);
    setVideo(null);
    setPhase('idle');
    setError(null);
  }, [item, uploader]);

  const chooseVideo = useCallback(
    async (file: File) => {
      if (item) uploader.remove(item.id);
      setVideo(null);
      setError(null);
      const problem = checkVideoFile(file);
      if (problem) return refuse(problem);
      setPhase('reading');
      let metadata: UploadMetadata;
      try {
        metadata = await readMetadata(file);
      } catch {
        setPhase('idle');
        return refuse('corrupt');
      }
      setPhase('idle');
      const bad = checkVideoMetadata(metadata);
      if (bad) return refuse(bad);
      setVideo({ file, metadata });
      uploader.add([file]);
    },
    [item, readMetadata, refuse, uploader],
  );

  const submit = useCallback(async () => {
    if (!user || !hasVideo) return refuse('required');
    if (caption.length > VIDEO_POST_RULES.captionMax) return refuse('captionTooLong');
    setError(null);
    let mediaId = uploadedMediaId;
    if (!mediaId && item) {
      setPhase('uploading');
      try {
        mediaId = await uploader.upload(item.id);
      } catch (failure) {
        if (failure instanceof UploadError && failure.failure === 'cancelled') return setPhase('paused');
        setPhase('failed');
        const outcome = postFailure(failure instanceof UploadError ? failure.serverMessage : null);
        const text = 'key' in outcome ? t(`videos.compose.error.${outcome.key}`) : outcome.text;
        setError(text);
        toast(text, 'error');
        return;
      }
    }
    if (!mediaId) return refuse('required');
    setPhase('posting');
    const form = new FormData();
    form.set('content', caption.trim());
    form.set('mediaId', mediaId);
    form.set('userId', user.id);
    form.set('allowComments', String(allowComments));
    const target = postTarget(targets, communityId);
    if (target) form.set('communityId', target);
    const meta = video?.metadata;
    if (meta?.duration != null) form.set('videoDuration', String(meta.duration));
    if (meta?.width) form.set('videoWidth', String(meta.width));
    if (meta?.height) form.set('videoHeight', String(meta.height));
    if (video) {
      form.set('videoSize', String(video.file.size));
      form.set('videoFormat', video.file.type);
    }
    const result = await createPost(form);
    if ('error' in result) {
      setPhase('failed');
      const outcome = postFailure(serverMessage(result.error));
      const text = 'key' in outcome ? t(`videos.compose.error.${outcome.key}`) : outcome.text;
      setError(text);
      toast(text, 'error');
      return;
    }
    setPhase('posted');
    toast(t('videos.compose.posted'), 'success');
    if (draft) void deleteDraft(draft.id);
    // Where the post now shows: its community's feed (a private one's video is in no public feed), else the videos.
    const community = targets.communities.find((c) => c.id === target);
    const shownAt = community ? `/communities/${encodeURIComponent(community.slug)}` : '/videos';
    settle.current = setTimeout(() => void navigate(shownAt), VIDEO_POST_RULES.settleMs);
  }, [
    allowComments,
    caption,
    communityId,
    createPost,
    deleteDraft,
    draft,
    hasVideo,
    item,
    navigate,
    refuse,
    t,
    targets,
    toast,
    uploadedMediaId,
    uploader,
    user,
    video,
  ]);

  const pause = useCallback(() => {
    if (item) uploader.pause(item.id);
  }, [item, uploader]);

  const saveDraft = useCallback(async () => {
    const problem = draftProblem({ hasVideo, caption });
    if (problem) {
      toast(t('videos.compose.error.nothingToSave'), 'error', t('videos.compose.error.nothingToSaveTitle'));
      return;
    }
    const file = video?.file;
    const result = await saveDraftCall({
      ...(draft ? { id: draft.id } : {}),
      caption,
      allowComments,
      videoFile: file ? { name: file.name, size: file.size, type: file.type } : (draft?.videoFile ?? null),
      metadata: video ? { ...video.metadata } : (draft?.metadata ?? {}),
      mediaId: uploadedMediaId,
    });
    if ('error' in result) {
      const reason = serverMessage(result.error);
      toast(
        reason ? `${t('videos.compose.error.draftFailed')}: ${reason}` : t('videos.compose.error.draftFailed'),
        'error',
      );
      return;
    }
    setDraft(result.data);
    toast(t('videos.compose.draftSaved'), 'success');
  }, [allowComments, caption, draft, hasVideo, saveDraftCall, t, toast, uploadedMediaId, video]);

  const openDraft = useCallback(
    (chosen: VideoDraft) => {
      if (item) uploader.remove(item.id);
      setVideo(null);
      setDraft(chosen);
      setCaption(chosen.caption);
      setAllowComments(chosen.allowComments);
      setPhase('idle');
      setError(null);
    },
    [item, uploader],
  );

  return {
    user,
    video,
    caption,
    setCaption,
    allowComments,
    setAllowComments,
    targets,
    communityId,
    setCommunityId,
    phase,
    error,
    item,
    draft,
    busy,
    savingDraft,
    uploadedMediaId,
    canPost: canPost({ hasVideo, caption, busy: busy || phase === 'reading' }),
    canSaveDraft: canSaveDraft({ hasVideo, caption, busy: busy || savingDraft }),
    chooseVideo,
    removeVideo,
    submit,
    pause,
    saveDraft,
    openDraft,
  };
}
