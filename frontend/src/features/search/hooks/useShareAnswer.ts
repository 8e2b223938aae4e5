import { useCallback, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useShareAnswerMutation } from '../api';

/** The share dialog's state (§4): open or not, Share Publicly (on) and Post Anonymously (off). */
export function useShareAnswer(question: string, answer: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [share, { isLoading: sharing }] = useShareAnswerMutation();
  const [open, setOpen] = useState(false);
  const [isPublic, setPublic] = useState(true);
  const [anonymous, setAnonymous] = useState(false);
  /** Also shared into one of the member's communities (issue 41); null: the Q&A feed only. */
  const [communityId, setCommunityId] = useState<string | null>(null);

  // §5: a share needs a question and an answer, and Share Answer waits for Share Publicly.
  const canShare = isPublic && question.trim() !== '' && answer.trim() !== '' && !sharing;

  const submit = useCallback(async () => {
    if (!canShare) return;
    // The post is anonymous only while Post Anonymously is visible, i.e. while sharing publicly.
    const asAnonymous = isPublic && anonymous;
    try {
      await share({
        question: question.trim(),
        answer,
        anonymous: asAnonymous,
        ...(communityId ? { communityId } : {}),
      }).unwrap();
      toast(
        asAnonymous ? t('search.share.successAnonymous') : t('search.share.successPublic'),
        'success',
        t('search.share.successTitle'),
      );
      // §4: after a successful share the dialog closes and the toggles go back to public on, anonymous off.
      setOpen(false);
      setPublic(true);
      setAnonymous(false);
      setCommunityId(null);
    } catch {
      toast(t('search.share.failed'), 'error', t('search.share.errorTitle'));
    }
  }, [canShare, isPublic, anonymous, communityId, share, question, answer, toast, t]);

  return {
    open,
    openDialog: useCallback(() => setOpen(true), []),
    closeDialog: useCallback(() => setOpen(false), []),
    isPublic,
    setPublic,
    anonymous,
    setAnonymous,
    communityId,
    setCommunityId,
    canShare,
    sharing,
    submit,
  };
}

export type ShareState = ReturnType<typeof useShareAnswer>;
