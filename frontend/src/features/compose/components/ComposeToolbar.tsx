import { type ChangeEvent, type ReactNode, useRef } from 'react';

import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';
import { FileIcon, ImageIcon, MicIcon, MusicIcon, PollIcon, StopIcon, TextSizeIcon, VideoIcon } from '@/ui/icons';

import type { TextSize } from '../draft/draft';
import { acceptFor, type MediaKind } from '../media/fileRules';

interface Props {
  disabled: boolean;
  pollOpen: boolean;
  recording: boolean;
  textSize: TextSize;
  onPick: (kind: MediaKind, files: File[]) => void;
  onTogglePoll: () => void;
  onRecord: () => void;
  onStopRecording: () => void;
  onCycleTextSize: () => void;
}

const PICKERS: ReadonlyArray<{ kind: MediaKind; label: TranslationKey; icon: ReactNode; multiple: boolean }> = [
  { kind: 'image', label: 'compose.addImage', icon: <ImageIcon />, multiple: true },
  { kind: 'video', label: 'compose.addVideo', icon: <VideoIcon />, multiple: false },
  { kind: 'audio', label: 'compose.addAudio', icon: <MusicIcon />, multiple: false },
  { kind: 'document', label: 'compose.addDocument', icon: <FileIcon />, multiple: true },
];

/** §2 controls: image, video, audio, document, poll, voice recording and the text size toggle. */
export function ComposeToolbar(props: Props) {
  const { t } = useTranslation();
  const inputs = useRef<Partial<Record<MediaKind, HTMLInputElement | null>>>({});

  const onChange = (kind: MediaKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again (after removing it) is noticed.
    event.target.value = '';
    if (files.length > 0) props.onPick(kind, files);
  };

  return (
    <div className="compose__tools" role="toolbar" aria-label={t('compose.tools')}>
      {PICKERS.map(({ kind, label, icon, multiple }) => (
        <span key={kind}>
          <button
            type="button"
            className="icon-button"
            aria-label={t(label)}
            title={t(label)}
            disabled={props.disabled}
            onClick={() => inputs.current[kind]?.click()}
          >
            {icon}
          </button>
          <input
            ref={(el) => {
              inputs.current[kind] = el;
            }}
            type="file"
            hidden
            tabIndex={-1}
            aria-label={t(label)}
            data-testid={`compose-${kind}-input`}
            accept={acceptFor(kind)}
            multiple={multiple}
            disabled={props.disabled}
            onChange={onChange(kind)}
          />
        </span>
      ))}
      <button
        type="button"
        className="icon-button"
        aria-label={t(props.pollOpen ? 'compose.removePoll' : 'compose.addPoll')}
        title={t(props.pollOpen ? 'compose.removePoll' : 'compose.addPoll')}
        aria-pressed={props.pollOpen}
        disabled={props.disabled}
        onClick={props.onTogglePoll}
      >
        <PollIcon />
      </button>
      {props.recording ? (
        <button
          type="button"
          className="icon-button compose__stop"
          aria-label={t('compose.stopRecording')}
          title={t('compose.stopRecording')}
          onClick={props.onStopRecording}
        >
          <StopIcon />
        </button>
      ) : (
        <button
          type="button"
          className="icon-button"
          aria-label={t('compose.recordVoice')}
          title={t('compose.recordVoice')}
          disabled={props.disabled}
          onClick={props.onRecord}
        >
          <MicIcon />
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={t('compose.textSize', { size: t(`compose.sizes.${props.textSize}`) })}
        title={t('compose.textSize', { size: t(`compose.sizes.${props.textSize}`) })}
        disabled={props.disabled}
        onClick={props.onCycleTextSize}
      >
        <TextSizeIcon />
      </button>
    </div>
  );
}
