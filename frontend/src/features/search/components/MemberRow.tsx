import '../people.css';

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { FollowButton } from '@/features/profile';
import { useSession } from '@/resources/session';
import { Avatar } from '@/ui/Avatar';

export interface ListedMember {
  id: string;
  name: string;
  username: string;
  avatar: string | null;
  isFollowing: boolean;
  isFollowingBack: boolean;
}

/**
 * A member in a list (a search result, a suggestion): avatar, name, @username and a line under them
 * link to the profile; the Follow button beside the link (never on my own row) follows in place
 * with the app's one follow mutation, which flips it at once and back if the call fails.
 */
export function MemberRow({ member, children }: { member: ListedMember; children?: ReactNode }) {
  const { user } = useSession();
  return (
    <div className="member-row">
      <Link to={`/profile/${encodeURIComponent(member.username)}`} className="search-row search-row--user">
        <Avatar src={member.avatar} name={member.name} size={44} />
        <span className="search-row__main">
          <bdi className="search-row__name">{member.name}</bdi>
          <bdi className="muted" dir="ltr">
            @{member.username}
          </bdi>
          {children}
        </span>
      </Link>
      {user?.id === member.id ? null : (
        <FollowButton userId={member.id} username={member.username} relationship={member} compact />
      )}
    </div>
  );
}
