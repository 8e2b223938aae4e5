import type { ReactNode } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';
import { CalendarIcon, LinkIcon, MapPinIcon, VerifiedIcon } from '@/ui/icons';

import type { FollowList, Profile } from '../types';
import { isWebUrl } from '../validation';
import { ProfileCounts } from './ProfileCounts';

/** "https://www.amina.dev/" reads as "amina.dev". */
function displayWebsite(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

interface Props {
  profile: Profile;
  actions: ReactNode;
  onOpenList?: (list: FollowList) => void;
  /** A reduced (blocked) profile has no counts worth showing: the server zeroes them. */
  reduced?: boolean;
}

/** Banner, picture, names, bio, details and counts of a member. */
export function ProfileHeader({ profile, actions, onOpenList, reduced = false }: Props) {
  const { t, i18n } = useTranslation();
  const avatar = profile.avatarUrl ?? profile.profileImage ?? null;
  const verified = profile.verified ?? profile.isVerified ?? false;
  const joined = profile.createdAt ? new Date(profile.createdAt) : null;
  const website = profile.website && isWebUrl(profile.website) ? profile.website : null;

  return (
    <header className="profile-header">
      <div className="profile-header__banner">{profile.bannerUrl ? <img src={profile.bannerUrl} alt="" /> : null}</div>
      <div className="profile-header__top">
        <div className="profile-header__avatar">
          <Avatar src={avatar} name={profile.displayName} size={88} />
        </div>
        <div className="profile-header__actions">{actions}</div>
      </div>
      <div className="profile-header__identity">
        <h1 className="profile-header__name">
          <span>{profile.displayName}</span>
          {verified ? (
            <span
              className="profile-header__verified"
              role="img"
              aria-label={t('profile.verified')}
              title={t('profile.verified')}
            >
              <VerifiedIcon />
            </span>
          ) : null}
        </h1>
        <p className="muted profile-header__username">
          <bdi dir="ltr">@{profile.username}</bdi>
        </p>
      </div>
      {profile.bio ? <p className="profile-header__bio">{profile.bio}</p> : null}
      <ul className="profile-header__details muted">
        {profile.location ? (
          <li>
            <MapPinIcon />
            <span className="visually-hidden">{t('profile.location')}: </span>
            {profile.location}
          </li>
        ) : null}
        {website ? (
          <li>
            <LinkIcon />
            <span className="visually-hidden">{t('profile.website')}: </span>
            <a href={website} target="_blank" rel="noopener noreferrer nofollow ugc" dir="ltr">
              {displayWebsite(website)}
            </a>
          </li>
        ) : null}
        {joined && !Number.isNaN(joined.getTime()) ? (
          <li>
            <CalendarIcon />
            {t('profile.joined', {
              date: new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(joined),
            })}
          </li>
        ) : null}
      </ul>
      {reduced ? null : <ProfileCounts counts={profile.counts} onOpenList={onOpenList} />}
    </header>
  );
}
