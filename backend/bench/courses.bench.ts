/**
 * npm run bench:courses — GET /api/courses over 2,000 published courses on PostgreSQL, 50
 * connections, with a mix of §9's filters and sorts (search, category, level, price range, second
 * pages), next to a bare Fastify server answering one page of the same cards from memory in the
 * same run. Target: p95 < 50 ms.
 *
 * Seed data goes straight through the deciders (the user decider with a sealed profile, the teacher
 * application, course, enrolment and review deciders), 100 streams per append, as search.bench.ts
 * does: creating 2,000 courses over HTTP would time validation and sign-in, not the catalogue.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { userStream } from '@modules/identity/events';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  courseStream,
  enrolmentStream,
  reviewStream,
  teacherApplicationStream,
} from '@modules/learning/events';
import { AuthorsQuery } from '@modules/profiles';
import Fastify from 'fastify';

import { userDecider } from '../modules/identity/domain/user.decider';
import { courseDecider } from '../modules/learning/domain/course.decider';
import type { CourseInput } from '../modules/learning/domain/course-input';
import { enrolmentDecider } from '../modules/learning/domain/enrolment.decider';
import { reviewDecider } from '../modules/learning/domain/review.decider';
import { teacherApplicationDecider } from '../modules/learning/domain/teacher-application.decider';
import { parseCatalogueQuery } from '../modules/learning/http/catalogue-query';
import { CatalogueQueries } from '../modules/learning/queries/catalogue.queries';
import { CatalogueIndex } from '../modules/learning/queries/catalogue-index';
import { CatalogueCourseCards } from '../modules/learning/queries/course-cards.queries';
import { decideAll } from '../src/platform/decider';
import type { StreamAppend } from '../src/platform/event-store/event-store.port';
import { newId } from '../src/platform/ids';
import type { Runtime } from '../src/runtime';
import { CONNECTIONS, figuresLine, loadTest, SECONDS, seededSequence, shareOfBare, startBenchApp } from './http-bench';

const COURSES = Number(process.env.BENCH_COURSES ?? 2_000);
const TEACHERS = 50;
const STUDENTS = 2_000;
const ENROLMENTS = Number(process.env.BENCH_ENROLMENTS ?? 20_000);

const WORDS = (
  'tajweed quran tafsir hadith fiqh aqeedah arabic grammar seerah prophet family marriage children ' +
  'prayer fasting zakah hajj finance names history caliphs africa memorisation reading beginners ' +
  'advanced foundations rules meanings lessons'
).split(' ');

const rnd = seededSequence(1447);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
/** Popularity is skewed: course i is chosen about 1/(i+1) as often as the first. */
const zipfIndex = (n: number) => Math.min(n - 1, Math.floor(n ** rnd()) - 1);

function courseInput(i: number): CourseInput {
  const words = Array.from({ length: 3 }, () => pick(WORDS));
  const free = rnd() < 0.15;
  const price = free ? 0 : 200 + Math.floor(rnd() * 98) * 50;
  return {
    title: `${words.join(' ')} ${i}`,
    description: `A course on ${words.join(', ')}: ${Array.from({ length: 30 }, () => pick(WORDS)).join(' ')}.`,
    category: pick(COURSE_CATEGORIES),
    level: pick(COURSE_LEVELS),
    price: String(price),
    promoPrice: !free && rnd() < 0.3 ? String(price * 2) : null,
    thumbnailMediaId: null,
    previewVideoMediaId: null,
    whatYouWillLearn: ['Read with understanding', 'Apply the rules'],
    sections: Array.from({ length: 1 + Math.floor(rnd() * 4) }, (_, s) => ({
      id: `s${i}-${s}`,
      title: `Part ${s + 1}`,
      lessons: Array.from({ length: 2 + Math.floor(rnd() * 5) }, (_, l) => ({
        id: `l${i}-${s}-${l}`,
        title: `Lesson ${l + 1}`,
        durationSec: 300 + Math.floor(rnd() * 900),
        freePreview: l === 0,
        content: { kind: 'text' as const, text: `Lesson ${l + 1} of part ${s + 1}.` },
      })),
    })),
  };
}

async function appendAll(
  store: { appendToStreams(a: StreamAppend[]): Promise<{ checkpoint: string }[]> },
  appends: StreamAppend[],
) {
  let last = '';
  for (let i = 0; i < appends.length; i += 100)
    last = (await store.appendToStreams(appends.slice(i, i + 100))).at(-1)!.checkpoint;
  return last;
}

async function main() {
  const app = await startBenchApp('courses', 3399);
  const { runtime, config, schema } = app;
  const bare = Fastify();
  try {
    const started = Date.now();
    const store = runtime.platform.eventStore;
    const now = () => new Date().toISOString();
    const users: StreamAppend[] = [];
    const member = async (username: string) => {
      const userId = newId();
      await runtime.vault.createKey(userId);
      const sealed = await runtime.vault.seal(userId, {
        email: `${username}@bench.local`,
        displayName: `Teacher ${username}`,
        name: username,
        passwordHash: 'bench: never signs in',
      });
      const events = userDecider.decide(userDecider.initialState(), {
        type: 'Register',
        userId,
        username,
        sealed,
        now: now(),
        verification: { tokenHash: `bench-${username}`, expiresAt: now() },
      });
      users.push({ streamId: userStream(userId), events, expectedVersion: 'no_stream' });
      return userId;
    };
    const teachers: string[] = [];
    for (let i = 0; i < TEACHERS; i++) teachers.push(await member(`teacher_${i}`));
    await appendAll(store, users);

    const applications = teachers.map((userId) => ({
      streamId: teacherApplicationStream(userId),
      events: decideAll(teacherApplicationDecider, teacherApplicationDecider.initialState(), [
        {
          type: 'ApplyAsTeacher',
          userId,
          bio: 'Teaches in Nairobi',
          topics: ['Quran'],
          priceRange: '$0 - $25',
          now: now(),
        },
        { type: 'ApproveTeacherApplication', actorId: 'bench', actorRole: 'admin', now: now() },
      ]).events,
      expectedVersion: 'no_stream' as const,
    }));
    await appendAll(store, applications);

    const courses: { id: string; teacherId: string; free: boolean }[] = [];
    const courseAppends: StreamAppend[] = [];
    for (let i = 0; i < COURSES; i++) {
      const courseId = newId();
      const teacherId = teachers[i % TEACHERS]!;
      const course = courseInput(i);
      const { events } = decideAll(courseDecider, courseDecider.initialState(), [
        { type: 'CreateCourse', courseId, actorId: teacherId, isTeacher: true, course, now: now() },
        { type: 'PublishCourse', actorId: teacherId, now: now() },
      ]);
      courseAppends.push({ streamId: courseStream(courseId), events, expectedVersion: 'no_stream' });
      courses.push({ id: courseId, teacherId, free: course.price === '0' });
    }
    await appendAll(store, courseAppends);

    // Students: only their ids matter to the catalogue (counts and ratings).
    const students = Array.from({ length: STUDENTS }, () => newId());
    const seen = new Set<string>();
    const learning: StreamAppend[] = [];
    for (let n = 0; n < ENROLMENTS; n++) {
      const course = courses[zipfIndex(courses.length)]!;
      const userId = pick(students);
      if (seen.has(`${course.id}:${userId}`)) continue;
      seen.add(`${course.id}:${userId}`);
      const enrolled = enrolmentDecider.decide(enrolmentDecider.initialState(), {
        type: 'Enrol',
        courseId: course.id,
        userId,
        teacherId: course.teacherId,
        source: course.free ? { kind: 'free' } : { kind: 'order', orderId: `bench-${n}` },
        course: { published: true, free: course.free },
        now: now(),
      });
      learning.push({ streamId: enrolmentStream(course.id, userId), events: enrolled, expectedVersion: 'no_stream' });
      if (rnd() < 0.25) {
        const reviewed = reviewDecider.decide(reviewDecider.initialState(), {
          type: 'WriteReview',
          courseId: course.id,
          userId,
          teacherId: course.teacherId,
          enrolled: true,
          rating: rnd() < 0.6 ? 5 : 3 + Math.floor(rnd() * 2),
          comment: 'Beneficial',
          now: now(),
        });
        learning.push({ streamId: reviewStream(course.id, userId), events: reviewed, expectedVersion: 'no_stream' });
      }
    }
    const last = await appendAll(store, learning);
    await runtime.progress.waitFor(last, ['learning-catalogue', 'profiles', 'identity'], 1_800_000);
    const { rows } = await app.sql.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = $1`, [
      schema,
    ]);
    for (const { t } of rows) await app.sql.query(`ANALYZE ${schema}."${t}"`);
    console.log(
      `Courses benchmark: ${COURSES.toLocaleString('en-US')} published courses, ${seen.size.toLocaleString('en-US')} enrolments projected in ${((Date.now() - started) / 1000).toFixed(0)} s; ${CONNECTIONS} connections, ${SECONDS} s per run\n`,
    );

    await runtime.http!.listen(config.http.port, config.http.host);
    const base = `http://127.0.0.1:${config.http.port}/api/courses`;
    const sorts = ['popular', 'newest', 'rating', 'price_low', 'price_high'];
    const query = () => {
      const q = new URLSearchParams();
      if (rnd() < 0.35) q.set('search', pick(WORDS));
      if (rnd() < 0.5) q.set('category', pick(COURSE_CATEGORIES));
      if (rnd() < 0.3) q.set('level', pick(COURSE_LEVELS));
      if (rnd() < 0.2) {
        const min = Math.floor(rnd() * 3000);
        q.set('priceMin', String(min));
        q.set('priceMax', String(min + 500 + Math.floor(rnd() * 3000)));
      }
      if (rnd() < 0.8) q.set('sort', pick(sorts));
      return q;
    };
    // The same listings a page further on, as an infinite scroll asks.
    const urls: string[] = [];
    for (let i = 0; i < 3_000; i++) urls.push(`${base}?${query()}`);
    for (const u of urls.slice(0, 500)) {
      const res = await fetch(u);
      if (res.status !== 200) throw new Error(`${u} answered ${res.status}`);
      const page = (await res.json()) as { nextCursor: string | null };
      if (page.nextCursor) urls.push(`${u}&cursor=${page.nextCursor}`);
    }
    const sample = await (await fetch(base)).text();
    if ((JSON.parse(sample) as { courses: unknown[] }).courses.length !== 20)
      throw new Error('a full first page expected');
    const path = join(tmpdir(), `${schema}.urls`);
    writeFileSync(path, urls.join('\n'));
    bare.get('/courses', async (_req, reply) => reply.type('application/json').send(sample));
    await bare.listen({ port: 3398, host: '127.0.0.1' });

    // The first pass builds every page (plans, pools, JIT, and the catalogue's page cache are cold);
    // the second finds most pages built, as a catalogue browsed by many members does.
    const cold = await loadTest({ urlsFile: path });
    const mix = await loadTest({ urlsFile: path });
    const first = await loadTest({ url: base });
    const baseline = await loadTest({ url: 'http://127.0.0.1:3398/courses' });
    console.log(figuresLine(`catalogue, ${urls.length.toLocaleString('en-US')} mixes, first pass`, cold));
    console.log(figuresLine(`catalogue, ${urls.length.toLocaleString('en-US')} mixes, again`, mix));
    console.log(figuresLine('catalogue, first page (popular)', first));
    console.log(figuresLine('bare Fastify, one page of cards', baseline));
    console.log(
      `\ncatalogue p95 ${mix.p95Ms.toFixed(1)} ms (target < 50 ms); ${shareOfBare(mix, baseline)} of the bare server's requests/s; first pass p95 ${cold.p95Ms.toFixed(1)} ms, ${shareOfBare(cold, baseline)}; first page p95 ${first.p95Ms.toFixed(1)} ms, ${shareOfBare(first, baseline)}`,
    );
    await inProcess(runtime, urls);
  } finally {
    await bare.close();
    await app.close();
  }
}

/**
 * The same requests without HTTP, one after another: what one listing costs the server's CPU, the
 * figure a loaded machine disturbs least. A fresh CatalogueQueries has an empty page cache, so the
 * first pass builds every page and the second finds them built.
 */
async function inProcess(runtime: Runtime, urls: string[]) {
  const http = runtime.http!;
  const queries = new CatalogueQueries(
    http.get(CatalogueIndex),
    http.get(CatalogueCourseCards),
    http.get(AuthorsQuery),
  );
  const requests = urls.map((u) => parseCatalogueQuery(Object.fromEntries(new URL(u).searchParams)));
  for (const pass of ['builds', 'finds built']) {
    const times: number[] = [];
    for (const req of requests) {
      const t = performance.now();
      await queries.listJson(req);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.floor(times.length * q)]!.toFixed(2);
    console.log(
      `in process, ${requests.length} listings, ${pass}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
