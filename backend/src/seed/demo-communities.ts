import type { CommunityForm } from '@contract';
import type { INestApplication } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';

import { CommunitiesService } from '../../modules/communities';
import { PostsService } from '../../modules/social';
import { type DemoTimeline, isoAt } from './demo-timeline';

const SEED_META = { actor: 'seed', requestId: 'seed' };
const HOUR = 60 * 60 * 1000;

interface DemoCommunity {
  form: CommunityForm & { slug: string };
  /** Indexes into the demo members: the owner first, then who joins (and, for a private one, who only asks). */
  owner: number;
  members: number[];
  asking?: number[];
  moderator?: number;
  /** By member index, hours ago; the first is pinned as the announcement. */
  posts: [number, number, string][];
}

/**
 * The labelled demo communities of issue 41: a Nairobi mosque's announcements, a tajweed circle and a
 * sisters' group, each "(demo)". Made through the real commands (create, join, invite, approve, post,
 * pin), so they are ordinary events like the rest of the seed.
 */
export const DEMO_COMMUNITIES: DemoCommunity[] = [
  {
    form: {
      slug: 'jamia-mosque-nairobi',
      name: 'Jamia Mosque Nairobi (demo)',
      description:
        '(demo) Announcements of the mosque: prayer times, classes, Jumuah khutbah topics and community events.',
      rules: [
        'Announcements and questions about the mosque only',
        'Speak with adab',
        'No selling or fundraising without the imam’s leave',
      ],
      category: 'mosque',
      city: 'Nairobi',
      privacy: 'public',
    },
    owner: 1,
    moderator: 3,
    members: [0, 2, 3, 4, 5, 7, 9],
    posts: [
      [
        1,
        2,
        '(demo) Jumuah this week: khutbah at 12:45 on patience in hardship. Please come early, the car park fills by 12:30.',
      ],
      [3, 30, '(demo) The Saturday tafsir class resumes after Maghrib in the upper hall. Bring your mushaf.'],
      [0, 52, '(demo) JazakAllahu khairan to everyone who helped with the iftar on Friday, over 300 people were fed.'],
    ],
  },
  {
    form: {
      slug: 'tajweed-circle',
      name: 'Tajweed Circle (demo)',
      description: '(demo) We read to each other every Thursday evening and correct each other’s recitation gently.',
      rules: [
        'Post your recitation with the surah and ayah',
        'Corrections are kind and specific',
        'Keep the circle’s recordings inside it',
      ],
      category: 'study_circle',
      city: 'Nairobi',
      privacy: 'private',
    },
    owner: 0,
    members: [2, 5, 8],
    asking: [9],
    posts: [
      [0, 5, '(demo) Thursday: we continue Surah Al-Mulk from ayah 15. Revise the rules of idgham before we meet.'],
      [5, 20, '(demo) My ghunnah is still too short on the noon mushaddadah, any exercise that helped you?'],
    ],
  },
  {
    form: {
      slug: 'sisters-of-mombasa',
      name: 'Sisters of Mombasa (demo)',
      description: '(demo) A circle for sisters in Mombasa: halaqas, study partners and help for new mothers.',
      rules: ['Sisters only', 'What is shared here stays here', 'Be gentle with one another'],
      category: 'sisters',
      city: 'Mombasa',
      privacy: 'private',
    },
    owner: 4,
    members: [6, 8],
    asking: [2],
    posts: [
      [4, 12, '(demo) Our halaqa this Sunday is at Khadija’s home in Nyali after Asr, on the seerah of Khadija (RA).'],
    ],
  },
];

/**
 * Creates the demo communities and their members now, and schedules their posts on the timeline at
 * their past times (so post ids and times agree, as the feed's order needs); the first post of each
 * is pinned as it is written. Answers how many communities and posts it schedules.
 */
export function seedCommunities(app: INestApplication, members: UserDoc[], timeline: DemoTimeline) {
  const communities = app.get(CommunitiesService);
  const posts = app.get(PostsService);
  const member = (i: number) => members[i % members.length]!;
  let scheduled = 0;
  for (const demo of DEMO_COMMUNITIES) {
    // Made an hour before its first post, members and all, at that time.
    const opened = Date.now() - (Math.max(...demo.posts.map(([, hoursAgo]) => hoursAgo)) + 1) * HOUR;
    const meta = { ...SEED_META, occurredAt: isoAt(opened) };
    let id = '';
    const slug = demo.form.slug;
    const owner = member(demo.owner);
    timeline.add(opened, async () => {
      id = await communities.create(owner, demo.form, meta);
      for (const i of demo.members) {
        // A private circle's members came in by invitation; a public one's joined.
        if (demo.form.privacy === 'private')
          await communities.act(slug, owner.id, { type: 'Invite', userId: member(i).id }, meta);
        await communities.act(slug, member(i).id, { type: 'Join' }, meta);
      }
      for (const i of demo.asking ?? []) await communities.act(slug, member(i).id, { type: 'Join' }, meta);
      if (demo.moderator !== undefined)
        await communities.act(
          slug,
          owner.id,
          { type: 'SetRole', userId: member(demo.moderator).id, role: 'moderator' },
          meta,
        );
    });
    demo.posts.forEach(([i, hoursAgo, content], n) => {
      const at = Date.now() - hoursAgo * HOUR;
      timeline.add(at, async () => {
        const postMeta = { ...SEED_META, occurredAt: isoAt(at) };
        const { postId } = await posts.create(member(i), { content, communityId: id }, postMeta, [], new Date(at));
        if (n === 0) await communities.pin(slug, owner.id, postId, true, postMeta);
      });
      scheduled++;
    });
  }
  return { communities: DEMO_COMMUNITIES.length, posts: scheduled };
}
