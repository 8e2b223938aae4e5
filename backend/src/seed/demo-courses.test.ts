import { DEMO_COURSES, DEMO_REVIEW_TEXTS, DEMO_TEACHERS, parseDemoCatalogue } from './demo-courses';
import catalogue from './demo-courses.data.json';

/** A deep copy of the shipped catalogue to spoil one field at a time. */
const copy = (): Record<string, unknown[]> => JSON.parse(JSON.stringify(catalogue));
const course = (data: Record<string, unknown[]>, i: number) => data['courses']![i] as Record<string, unknown>;

describe('the demo course catalogue (demo-courses.data.json)', () => {
  it('loads the shipped data whole', () => {
    expect(DEMO_TEACHERS).toHaveLength(catalogue.teachers.length);
    expect(DEMO_COURSES).toHaveLength(catalogue.courses.length);
    expect(DEMO_REVIEW_TEXTS).toEqual(catalogue.reviewTexts);
    expect(DEMO_COURSES).toEqual(catalogue.courses);
  });

  it('names a misspelt key with its path', () => {
    const data = copy();
    const c = course(data, 2);
    c['descripton'] = c['description'];
    delete c['description'];
    expect(() => parseDemoCatalogue(data)).toThrow(/^ {2}courses\.2: Unrecognized key.*'descripton'$/m);
    expect(() => parseDemoCatalogue(data)).toThrow(/^ {2}courses\.2\.description: Required$/m);
  });

  it('refuses a category or level the spec does not have, and a lesson without minutes', () => {
    const data = copy();
    course(data, 0)['category'] = 'Tajweed';
    course(data, 1)['level'] = 'expert';
    const [, lessons] = (course(data, 3)['sections'] as [string, unknown[][]][])[0]!;
    lessons[1]![1] = '6';
    expect(() => parseDemoCatalogue(data)).toThrow(
      /courses\.0\.category[\s\S]*courses\.1\.level[\s\S]*courses\.3\.sections\.0\.1\.1\.1: Expected number/,
    );
  });

  it('refuses a course whose teacher is not in the list of teachers', () => {
    const data = copy();
    course(data, 4)['teacher'] = data['teachers']!.length;
    expect(() => parseDemoCatalogue(data)).toThrow(`courses.4.teacher: no demo teacher ${data['teachers']!.length}`);
  });
});
