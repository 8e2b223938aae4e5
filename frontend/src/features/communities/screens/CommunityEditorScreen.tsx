import '../communities.css';

import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { ScreenLoading } from '@/ui/ScreenLoading';

import { useGetCommunityQuery } from '../api/communitiesApi';
import { CommunityFormFields } from '../components/CommunityFormFields';
import { DeleteCommunity } from '../components/DeleteCommunity';
import { NotFound } from '../components/NotFound';
import {
  type CommunityFormState,
  EMPTY_FORM,
  type FormErrorKey,
  formFromCommunity,
  validateForm,
} from '../editor/communityForm';
import { communityAccess } from '../hooks/useCommunityAccess';
import { useSaveCommunity } from '../hooks/useSaveCommunity';

/** /communities/new and /communities/:slug/edit — the community's form (the slug and privacy are set once). */
export default function CommunityEditorScreen() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { user, isLoading: sessionLoading } = useSession();
  const existing = useGetCommunityQuery(slug ?? skipToken);
  const { save, refusal, saving } = useSaveCommunity(slug ?? null);
  const [form, setForm] = useState<CommunityFormState>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrorKey[]>([]);
  const [uploading, setUploading] = useState(0);
  const loaded = existing.data?.id;

  // The form starts from the server's copy once it has arrived.
  useEffect(() => {
    if (existing.data) setForm(formFromCommunity(existing.data));
  }, [loaded]);

  if (sessionLoading) return <ScreenLoading />;
  if (!user) return <Navigate to="/auth" replace />;
  if (slug && existing.isError) return <NotFound />;
  if (slug && !existing.data) return <ScreenLoading />;
  if (existing.data && !communityAccess(existing.data, user.role, true).isModerator)
    return (
      <section className="page page--center" role="alert">
        <p>{t('communities.editor.notModerator')}</p>
        <Link to={`/communities/${encodeURIComponent(existing.data.slug)}`} className="button">
          {t('communities.editor.backTo', { name: existing.data.name })}
        </Link>
      </section>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateForm(form, !slug);
    setErrors(found);
    if (found.length === 0) void save(form);
  };

  return (
    <section className="page community-editor" aria-labelledby="community-editor-title">
      <Link to={slug ? `/communities/${encodeURIComponent(slug)}` : '/communities'} className="community__back">
        {existing.data ? t('communities.editor.backTo', { name: existing.data.name }) : t('communities.detail.back')}
      </Link>
      <h1 id="community-editor-title">
        {slug ? t('communities.editor.editTitle') : t('communities.editor.createTitle')}
      </h1>
      {!slug && !user.isEmailVerified ? (
        <p className="notice" role="note">
          {t('communities.editor.notVerified')}
        </p>
      ) : null}
      <form className="community-form" onSubmit={submit} noValidate>
        <CommunityFormFields
          form={form}
          creating={!slug}
          errors={errors}
          slugRefusal={refusal.slug}
          onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
          onUploading={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
        />
        {refusal.form ? (
          <p className="notice notice--error" role="alert">
            {refusal.form}
          </p>
        ) : null}
        <div className="community-form__actions">
          <Link
            to={slug ? `/communities/${encodeURIComponent(slug)}` : '/communities'}
            className="button button--quiet"
          >
            {t('communities.cancel')}
          </Link>
          <button type="submit" className="button" disabled={saving || uploading > 0}>
            {saving
              ? t('communities.editor.saving')
              : slug
                ? t('communities.editor.save')
                : t('communities.editor.create')}
          </button>
        </div>
      </form>
      {existing.data && communityAccess(existing.data, user.role, true).isOwner ? (
        <DeleteCommunity community={existing.data} asStaff={false} />
      ) : null}
    </section>
  );
}
