import { useEffect } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { TextAreaField, TextField } from '@/ui/TextField';

import { clock } from '../format';
import type { LessonForm } from './courseForm';
import { LessonVideoPreview } from './LessonVideoPreview';
import { UploadField } from './UploadField';
import { useLessonVideo } from './useLessonVideo';

/**
 * The length of a video lesson: the video's, as the worker probed it, shown as m:ss and never typed
 * (a 5-second clip is 0:05). A text lesson's minutes stay the teacher's to type.
 */
function VideoDuration({ seconds, hasVideo }: { seconds: number | null; hasVideo: boolean }) {
  const { t } = useTranslation();
  const hint = !hasVideo
    ? t('learning.editor.durationNoVideo')
    : seconds === null
      ? t('learning.editor.durationMeasuring')
      : t('learning.editor.durationFromVideo');
  return (
    <TextField
      label={t('learning.editor.videoDuration')}
      value={seconds === null ? '' : clock(seconds)}
      readOnly
      hint={hint}
      onValueChange={() => undefined}
    />
  );
}

/** One lesson of the curriculum editor: title, length, free preview, and its text or its video with a preview. */
export function LessonEditor({
  lesson,
  n,
  onChange,
  onRemove,
  onMove,
}: {
  lesson: LessonForm;
  n: number;
  onChange: (lesson: LessonForm) => void;
  onRemove: () => void;
  onMove: (by: number) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<LessonForm>) => onChange({ ...lesson, ...patch });
  const isVideo = lesson.kind === 'video';
  const video = useLessonVideo(isVideo ? lesson.mediaId : null);
  const probed = video.preview?.durationSec ?? null;
  // The probe is the lesson's length: the form keeps it to send (the server takes the probe's too).
  // Checked after every render, not only when the probe arrives: another lesson's change made in the
  // same render from an older copy of the curriculum may have put the old length back.
  useEffect(() => {
    if (isVideo && probed !== null && probed !== lesson.videoSec) onChange({ ...lesson, videoSec: probed });
  });

  return (
    <div className="editor__lesson" role="group" aria-label={t('learning.editor.lesson', { n })}>
      <div className="editor__row">
        <TextField
          label={t('learning.editor.lessonTitle', { n })}
          value={lesson.title}
          maxLength={120}
          onValueChange={(title) => set({ title })}
        />
        {isVideo ? (
          <VideoDuration seconds={probed ?? lesson.videoSec} hasVideo={!!lesson.mediaId} />
        ) : (
          <TextField
            label={t('learning.editor.duration')}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={lesson.minutes}
            onValueChange={(minutes) => set({ minutes })}
          />
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={lesson.freePreview} onChange={(e) => set({ freePreview: e.target.checked })} />
        {t('learning.editor.freePreview')}
      </label>
      <fieldset className="chip-group">
        <legend className="field__label">{t('learning.editor.contentKind')}</legend>
        {(['text', 'video'] as const).map((kind) => (
          <label key={kind} className="chip">
            <input type="radio" checked={lesson.kind === kind} onChange={() => set({ kind })} />
            {t(kind === 'text' ? 'learning.editor.kindText' : 'learning.editor.kindVideo')}
          </label>
        ))}
      </fieldset>
      {lesson.kind === 'text' ? (
        <TextAreaField
          label={t('learning.editor.lessonText')}
          value={lesson.text}
          rows={4}
          maxLength={50_000}
          onValueChange={(text) => set({ text })}
        />
      ) : (
        <>
          <UploadField
            label={t('learning.editor.lessonVideo')}
            accept="video/*"
            purpose="post"
            kind="video"
            mediaId={lesson.mediaId}
            onChange={(mediaId) => set({ mediaId, videoSec: null })}
          />
          {lesson.mediaId ? <LessonVideoPreview video={video} title={lesson.title} /> : null}
        </>
      )}
      <div className="editor__actions">
        <button type="button" className="link-button" onClick={() => onMove(-1)}>
          {t('learning.editor.moveUp')}
        </button>
        <button type="button" className="link-button" onClick={() => onMove(1)}>
          {t('learning.editor.moveDown')}
        </button>
        <button type="button" className="link-button" onClick={onRemove}>
          {t('learning.editor.removeLesson', { n })}
        </button>
      </div>
    </div>
  );
}
