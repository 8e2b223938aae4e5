import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { TEACHER_TOPICS } from '../events';
import { TOPIC_NAMES_AR } from './topic-names';

describe("the topics' Arabic names the catalogue search matches", () => {
  it('are the names the Arabic web app shows for each topic, so a reader searches with the words they see', () => {
    const path = join(__dirname, '../../../../frontend/src/features/learning/locales/ar.json');
    const shown = (JSON.parse(readFileSync(path, 'utf8')) as { category: Record<string, string> }).category;
    for (const topic of TEACHER_TOPICS) expect([topic, TOPIC_NAMES_AR[topic]]).toEqual([topic, shown[topic]]);
  });
});
