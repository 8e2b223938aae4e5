import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { serverCode, serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useCreateCommunityMutation, useUpdateCommunityMutation } from '../api/communitiesApi';
import { type CommunityFormState, createBody, patchBody } from '../editor/communityForm';

/** The server's refusal, placed where the member will look: a taken slug by its field, the rest on the form. */
export interface SaveRefusal {
  slug: string | null;
  form: string | null;
}

const NONE: SaveRefusal = { slug: null, form: null };

/** Creates (then opens the new community) or saves an edit (then returns to it). */
export function useSaveCommunity(editing: string | null) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [create, createState] = useCreateCommunityMutation();
  const [update, updateState] = useUpdateCommunityMutation();
  const [refusal, setRefusal] = useState<SaveRefusal>(NONE);

  const refuse = (error: unknown) => {
    const message = serverMessage(error) ?? t('communities.editor.failed');
    setRefusal(
      serverCode(error) === 'SLUG_TAKEN'
        ? { slug: t('communities.editor.errors.slugTaken'), form: null }
        : { slug: null, form: message },
    );
  };

  const save = async (form: CommunityFormState) => {
    setRefusal(NONE);
    const result = editing ? await update({ slug: editing, patch: patchBody(form) }) : await create(createBody(form));
    if ('error' in result) return refuse(result.error);
    toast(t(editing ? 'communities.editor.saved' : 'communities.editor.created'), 'success');
    void navigate(`/communities/${encodeURIComponent(result.data.slug)}`, { replace: true });
  };

  return { save, refusal, saving: createState.isLoading || updateState.isLoading };
}
