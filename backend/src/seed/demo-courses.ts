/**
 * The demo course catalogue: short but genuine courses, taught by four demo members whose teacher
 * applications the seed submits and approves. Lessons are text (the seed uploads no video); the first
 * lesson of each course is a free preview. Prices are KES; '0' is free.
 */

export interface DemoTeacher {
  username: string;
  bio: string;
  topics: string[];
  priceRange: string;
}

export const DEMO_TEACHERS: readonly DemoTeacher[] = [
  {
    username: 'yusuf_demo',
    bio: 'Hafidh with ijazah in the narration of Hafs from Asim. Has taught tajweed and tafsir to adults in Nairobi for twelve years. (demo)',
    topics: ['Quran', 'Tafsir', 'Dua'],
    priceRange: '$0 - $25',
  },
  {
    username: 'fatima_demo',
    bio: 'Arabic teacher trained in Cairo; teaches Quranic Arabic to beginners and runs family workshops. (demo)',
    topics: ['Arabic', 'Family'],
    priceRange: '$25 - $50',
  },
  {
    username: 'ibrahim_demo',
    bio: 'Studied fiqh and hadith in Tarim and Mombasa; teaches the Shafi‘i school with reference to the other three. (demo)',
    topics: ['Fiqh', 'Hadith'],
    priceRange: '$25 - $50',
  },
  {
    username: 'zainab_demo',
    bio: 'Historian of early Islam; teaches seerah, aqeedah and the history of Muslims in East Africa. (demo)',
    topics: ['History', 'Seerah', 'Aqeedah'],
    priceRange: '$0 - $25',
  },
];

/** [title, minutes, text] */
type DemoLesson = readonly [string, number, string];

export interface DemoCourse {
  teacher: number;
  title: string;
  description: string;
  category: 'Quran' | 'Hadith' | 'Fiqh' | 'Aqeedah' | 'Arabic' | 'History' | 'Family' | 'Tafsir';
  level: 'beginner' | 'intermediate' | 'advanced';
  price: string;
  promoPrice?: string;
  whatYouWillLearn: readonly string[];
  sections: ReadonlyArray<readonly [string, readonly DemoLesson[]]>;
}

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    teacher: 0,
    title: 'Tajweed Foundations: Reciting the Quran Correctly',
    description:
      'A first course in tajweed: where each letter comes from, the qualities that distinguish similar letters, and the rules of noon sakinah and meem sakinah that appear on every page of the mushaf.',
    category: 'Quran',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: [
      'Name the five places of articulation (makharij)',
      'Tell heavy letters from light ones',
      'Apply izhar, idgham, iqlab and ikhfa',
      'Recite short surahs with the rules applied',
    ],
    sections: [
      [
        'The letters and where they come from',
        [
          [
            'Why tajweed matters',
            6,
            'Tajweed means "making excellent". Allah says: "and recite the Quran with measured recitation" (al-Muzzammil 73:4). Scholars count mistakes that change a letter or a vowel as clear errors (lahn jali) to be avoided by every reciter, and finer mistakes of timing and colour as hidden errors (lahn khafi) that a student removes with practice.',
          ],
          [
            'The five places of articulation',
            9,
            "Letters come from five regions: the empty space of the mouth and throat (the long vowels), the throat (ء ه ع ح غ خ), the tongue (most letters), the lips (ف ب م و) and the nasal passage (the ghunnah of noon and meem). To find a letter's place, pronounce it with a sukoon after a hamzah with fathah: أَبْ, أَتْ, أَعْ.",
          ],
          [
            'Heavy and light letters',
            8,
            'Seven letters are always heavy (tafkheem): خ ص ض غ ط ق ظ, gathered in the phrase خُصَّ ضَغْطٍ قِظْ. The back of the tongue rises towards the palate and the sound fills the mouth. All other letters are light, except raa and the laam of the name Allah, which change with their surroundings.',
          ],
        ],
      ],
      [
        'Noon sakinah, tanween and meem sakinah',
        [
          [
            'Izhar and idgham',
            10,
            'After a noon sakinah or tanween, the six throat letters are read with izhar: the noon is pronounced clearly (مَنْ آمَنَ). Before the letters of يَرْمُلُون the noon merges into the next letter (idgham): with ghunnah before ي ن م و, without it before ل ر, as in مِن رَّبِّهِمْ.',
          ],
          [
            'Iqlab and ikhfa',
            9,
            'Before baa the noon turns into a hidden meem with ghunnah (iqlab): مِنۢ بَعْدِ. Before the remaining fifteen letters it is hidden (ikhfa): the tongue does not fully touch its place and a ghunnah of two counts is held, as in أَنتُمْ.',
          ],
          [
            'Meem sakinah',
            7,
            'A meem sakinah before another meem merges with ghunnah (idgham shafawi); before baa it is hidden with ghunnah (ikhfa shafawi: تَرْمِيهِم بِحِجَارَةٍ); before every other letter it is clear, taking special care before waw and faa.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 0,
    title: 'The Rules of Madd: Lengthening in Recitation',
    description:
      'A focused course on madd, the lengthening of vowels: natural madd of two counts, the connected and separated madd, and the necessary madd of six counts, with examples from Juz Amma.',
    category: 'Quran',
    level: 'intermediate',
    price: '1200',
    promoPrice: '1800',
    whatYouWillLearn: [
      'Recognise the three letters of madd',
      'Hold natural madd for exactly two counts',
      'Distinguish muttasil from munfasil',
      'Recite madd lazim at six counts',
    ],
    sections: [
      [
        'Natural madd',
        [
          [
            'The letters of madd',
            7,
            "Madd letters are alif after fathah, waw sakinah after dammah and yaa sakinah after kasrah, gathered in نُوحِيهَا. When nothing follows that causes extra length, the vowel is held for two counts: this is madd tabi'i, as in قَالَ and يَقُولُ.",
          ],
          [
            'Keeping the count even',
            6,
            'A count is the time to fold or unfold a finger at a steady pace. Students commonly shorten madd in fast recitation or stretch it when pausing; record yourself reciting al-Fatiha and check that every natural madd has the same length.',
          ],
        ],
      ],
      [
        'Madd caused by hamzah and sukoon',
        [
          [
            'Connected and separated madd',
            9,
            'When a hamzah follows a madd letter in the same word, the madd is connected (muttasil) and obligatory, held four or five counts: جَاءَ, السَّمَاءِ. When the hamzah begins the next word, it is separated (munfasil): إِنَّا أَعْطَيْنَاكَ; in the narration of Hafs it is held four or five counts.',
          ],
          [
            'Necessary madd',
            8,
            'A madd letter followed by a permanent sukoon or shaddah is held six counts in every narration: الضَّالِّينَ, الْحَاقَّةُ. The opening letters of some surahs, such as الم, contain it too: laam and meem are each read as six-count madd.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 0,
    title: 'Tafsir of Juz Amma',
    description:
      'The meanings of the short surahs most Muslims recite in prayer, with the circumstances of their revelation, their themes and the lessons the classical commentators drew from them.',
    category: 'Tafsir',
    level: 'beginner',
    price: '1500',
    whatYouWillLearn: [
      'Know the main theme of each surah of Juz Amma',
      'Understand the Makkan emphasis on the Hereafter',
      'Reflect on what you recite in salah',
    ],
    sections: [
      [
        'The Makkan call',
        [
          [
            'Surah an-Naba',
            10,
            'An-Naba opens with the question the Quraysh argued over: the Great News of resurrection. It answers with the signs of creation — the earth spread out, the mountains as pegs, sleep as rest — and asks how the One who made these could not bring people back. It closes with the Day when a disbeliever wishes he were dust.',
          ],
          [
            'Surah Abasa',
            9,
            'Revealed when the Prophet ﷺ turned from the blind companion Abdullah ibn Umm Maktum while speaking to the leaders of Quraysh. The surah teaches that guidance is measured by sincerity, not status, and the Prophet ﷺ afterwards honoured Ibn Umm Maktum, twice leaving him in charge of Madinah.',
          ],
        ],
      ],
      [
        'The last ten surahs',
        [
          [
            'Surah al-Asr',
            6,
            'Imam ash-Shafi‘i said that had Allah revealed only this surah, it would suffice people. Every person is in loss except those who have four qualities: faith, righteous deeds, urging one another to the truth, and urging one another to patience.',
          ],
          [
            'Surah al-Ikhlas',
            8,
            'The Prophet ﷺ said it equals a third of the Quran (Bukhari). It defines tawhid in four verses: Allah is One; as-Samad, the one all depend on while He depends on none; He neither begets nor was begotten; and nothing is comparable to Him.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 0,
    title: 'Memorising the Quran: A Method for Busy Adults',
    description:
      'A practical method for adults who want to memorise: choosing a mushaf, the daily new-portion and revision cycle, using prayer for revision, and keeping what you memorised for life.',
    category: 'Quran',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: ['Set a daily memorisation routine', 'Balance new portions and revision', 'Use salah to revise'],
    sections: [
      [
        'Building the habit',
        [
          [
            'One mushaf, one page layout',
            5,
            'Memorise from one printed mushaf, ideally the common 15-line Madinah print where each juz is 20 pages. Your visual memory will attach verses to their place on the page, and that picture is lost if you switch editions.',
          ],
          [
            'The three-part daily session',
            8,
            'Each day: read the new portion (half a page is plenty for a beginner) twenty times looking, then recite it from memory; revise yesterday\'s portion; and revise an older portion from your "far" revision so that every memorised page returns at least once a week.',
          ],
        ],
      ],
      [
        'Keeping it',
        [
          [
            'Reciting in prayer',
            6,
            'Recite your memorised portions in the sunnah and night prayers. The Prophet ﷺ compared the Quran to a hobbled camel: if its owner looks after it, he keeps it; if he lets it go, it runs away (Bukhari and Muslim).',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 0,
    title: 'Tafsir of Surah al-Kahf',
    description:
      'An intermediate study of the four stories of Surah al-Kahf — the sleepers of the cave, the two gardens, Musa and al-Khidr, and Dhul-Qarnayn — and the trials each one answers.',
    category: 'Tafsir',
    level: 'intermediate',
    price: '2500',
    whatYouWillLearn: [
      'Follow the structure of the surah',
      'Link each story to a trial: faith, wealth, knowledge, power',
      'Understand the virtue of reciting it on Friday',
    ],
    sections: [
      [
        'Trials of faith and wealth',
        [
          [
            'The people of the cave',
            12,
            'Young believers flee a ruler who forces idolatry and shelter in a cave, where Allah makes them sleep for 309 years. The lesson: when faith is threatened, Allah protects those who hold to Him, and the details people argue over — their number — matter less than the meaning.',
          ],
          [
            'The owner of the two gardens',
            10,
            'A man proud of his gardens says "I do not think this will ever perish". His believing companion reminds him to say "ma sha Allah, la quwwata illa billah". The gardens are destroyed: wealth is a test, and gratitude is its safeguard.',
          ],
        ],
      ],
      [
        'Trials of knowledge and power',
        [
          [
            'Musa and al-Khidr',
            12,
            "Musa travels to learn from a servant given knowledge from Allah, and cannot keep silent at the boat holed, the boy killed and the wall rebuilt without pay. The explanations teach humility: Allah's wisdom may lie behind what seems wrong to us.",
          ],
          [
            'Dhul-Qarnayn',
            10,
            'A just ruler given power over east and west builds a barrier of iron and copper against Ya\'juj and Ma\'juj, and attributes it to his Lord: "This is a mercy from my Lord". Power used justly, and credited to Allah, is the answer to the trial of authority.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 1,
    title: 'Arabic Alphabet and Reading for Complete Beginners',
    description:
      'Learn to read Arabic script from zero: the 28 letters and their joined forms, the short and long vowels, sukoon and shaddah, until you can read simple words from the Quran.',
    category: 'Arabic',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: [
      'Recognise all 28 letters in every position',
      'Read short and long vowels',
      'Read words with sukoon and shaddah',
    ],
    sections: [
      [
        'Letters',
        [
          [
            'The shapes of letters',
            8,
            'Arabic is written right to left and most letters join on both sides, changing shape: ب is بـ at the start, ـبـ in the middle and ـب at the end. Six letters never join to the letter after them: ا د ذ ر ز و.',
          ],
          [
            'Letter families',
            7,
            'Many letters share a shape and differ only in dots: ب ت ث, ج ح خ, د ذ, ر ز, س ش, ص ض, ط ظ, ع غ. Learn them as families, and read the dots before the shape.',
          ],
        ],
      ],
      [
        'Vowels',
        [
          [
            'Short vowels',
            6,
            'Fathah (a line above) gives "a", kasrah (a line below) "i", dammah (a small waw above) "u": بَ بِ بُ. Sukoon (a small circle) means no vowel: بْ.',
          ],
          [
            'Long vowels and shaddah',
            7,
            'Alif after fathah, yaa after kasrah and waw after dammah lengthen the vowel: بَا بِي بُو. Shaddah (ّ) doubles a letter: the first is read with sukoon, the second with the vowel, as in رَبَّ = رَبْ + بَ.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 1,
    title: 'Quranic Arabic: The 100 Most Frequent Words',
    description:
      'A short vocabulary course: the hundred words that make up about half of the words of the Quran, grouped by root, so you understand much of what you recite.',
    category: 'Arabic',
    level: 'beginner',
    price: '900',
    promoPrice: '1500',
    whatYouWillLearn: [
      'Understand 100 high-frequency Quranic words',
      'Recognise three-letter roots',
      'Follow the meaning of al-Fatiha word by word',
    ],
    sections: [
      [
        'Roots and patterns',
        [
          [
            'What a root is',
            7,
            'Most Arabic words grow from three-letter roots. ع ل م carries the idea of knowing: عِلْم knowledge, عَالِم a scholar, يَعْلَمُونَ they know, الْعَالَمِين the worlds (everything by which the Creator is known).',
          ],
          [
            'Particles you meet everywhere',
            8,
            'مِنْ from, فِي in, عَلَى on, إِلَى to, إِنَّ indeed, لَا no/not, مَا what/not, الَّذِينَ those who. These eight particles alone occur thousands of times in the Quran.',
          ],
        ],
      ],
      [
        'Reading al-Fatiha',
        [
          [
            'Word by word',
            10,
            'الْحَمْدُ all praise, لِلَّهِ belongs to Allah, رَبِّ Lord, الْعَالَمِينَ of the worlds; الرَّحْمَٰنِ the Most Merciful, الرَّحِيمِ the Especially Merciful; مَالِكِ Master, يَوْمِ الدِّينِ of the Day of Judgement; إِيَّاكَ You alone, نَعْبُدُ we worship, نَسْتَعِينُ we ask for help.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 1,
    title: 'Arabic Grammar I: Nouns, Verbs and the Sentence',
    description:
      "Classical Arabic grammar (nahw) for learners who can already read: the three kinds of word, the nominal and verbal sentence, and the case endings that show each word's role.",
    category: 'Arabic',
    level: 'intermediate',
    price: '3500',
    whatYouWillLearn: [
      'Classify any word as noun, verb or particle',
      'Build nominal and verbal sentences',
      'Read the three case endings',
    ],
    sections: [
      [
        'Kinds of word',
        [
          [
            'Ism, fi‘l, harf',
            9,
            'Every Arabic word is a noun (ism), a verb (fi‘l) or a particle (harf). A noun accepts al- or tanween; a verb carries tense; a particle has meaning only with other words. مُحَمَّدٌ is a noun, كَتَبَ a verb, فِي a particle.',
          ],
        ],
      ],
      [
        'Sentences and cases',
        [
          [
            'The nominal sentence',
            10,
            'A nominal sentence has a subject (mubtada\') and a predicate (khabar), both in the nominative: اللَّهُ غَفُورٌ "Allah is Forgiving". There is no word for "is" in the present tense.',
          ],
          [
            'The verbal sentence',
            10,
            'A verbal sentence starts with the verb, then the doer (fa‘il, nominative) and the object (maf‘ul bihi, accusative): خَلَقَ اللَّهُ السَّمَاوَاتِ "Allah created the heavens". The endings -u and -a, not word order, tell who did what.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 1,
    title: 'Marriage in Islam: Rights, Duties and Mercy',
    description:
      'A course for those preparing for marriage and for couples: the purpose of marriage in the Quran, the contract and the mahr, the rights of husband and wife, and resolving disputes.',
    category: 'Family',
    level: 'beginner',
    price: '1500',
    whatYouWillLearn: [
      'Understand the conditions of a valid nikah',
      'Know the mutual rights of spouses',
      'Apply the Quranic steps for resolving conflict',
    ],
    sections: [
      [
        'The contract',
        [
          [
            'Tranquillity, love and mercy',
            7,
            'Allah describes spouses as created "that you may find tranquillity in them, and He placed between you affection and mercy" (ar-Rum 30:21). Marriage is an act of worship and a sunnah of the Prophets, not only a social arrangement.',
          ],
          [
            'Conditions of the nikah',
            9,
            "A valid nikah needs the consent of both parties, an offer and acceptance, a mahr given to the wife as her own property, and, in the majority view, the bride's guardian (wali) and two witnesses. The Prophet ﷺ commanded that the marriage be announced.",
          ],
        ],
      ],
      [
        'Living together',
        [
          [
            'Rights of each spouse',
            9,
            '"And they have rights similar to those over them in kindness" (al-Baqarah 2:228). The husband provides maintenance and housing and treats his wife well; the wife shares the upkeep of the home and of their trust. The Prophet ﷺ said: "The best of you are those who are best to their families" (Tirmidhi).',
          ],
          [
            'When disputes arise',
            8,
            'The Quran sets out steps: advice, then a cooling distance, and, when a breach is feared, an arbiter from his family and one from hers (an-Nisa 4:35). Divorce is permitted but is the last resort, and it comes with waiting periods that allow reconciliation.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 1,
    title: 'Raising Children with Faith',
    description:
      "Practical Islamic parenting: teaching children to love Allah and the Prophet ﷺ, building the habit of salah from seven, mercy and discipline, and the parents' own example.",
    category: 'Family',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: [
      'Teach tawhid through everyday moments',
      'Build the habit of prayer gently',
      'Balance mercy and discipline',
    ],
    sections: [
      [
        'Foundations',
        [
          [
            'Every child is born on the fitrah',
            6,
            'The Prophet ﷺ said: "Every child is born upon the fitrah" (Bukhari). Children are inclined to believe in their Creator; parents nurture that by pointing out His blessings — food, rain, a healthy body — and thanking Him aloud.',
          ],
          [
            'Teaching salah',
            7,
            '"Command your children to pray at seven" (Abu Dawud). Begin earlier by letting them stand beside you. At seven, make prayer a daily routine with praise and patience; the aim is love of prayer, not fear of it.',
          ],
        ],
      ],
      [
        'Mercy and example',
        [
          [
            "The Prophet's ﷺ mercy with children",
            6,
            'He kissed his grandson al-Hasan and, when a man said he had never kissed his children, replied: "Whoever does not show mercy will not be shown mercy" (Bukhari). He shortened his prayer when he heard a baby cry.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 2,
    title: 'Fiqh of Purification and Prayer',
    description:
      'The fiqh every Muslim needs daily: water and its kinds, wudu and ghusl and what breaks them, tayammum, and the pillars, obligations and sunnahs of the five daily prayers.',
    category: 'Fiqh',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: [
      'Perform wudu and ghusl correctly',
      'Know what breaks wudu',
      'Pray with all the pillars of salah',
    ],
    sections: [
      [
        'Purification',
        [
          [
            'The obligations of wudu',
            8,
            "Al-Ma'idah 5:6 names washing the face, washing the arms to the elbows, wiping the head and washing the feet to the ankles. Intention is required, and the Shafi‘i school also requires the order of the verse. Rinsing the mouth and nose, and washing three times, are sunnah.",
          ],
          [
            'What breaks wudu',
            7,
            'Anything that exits from the front or back passage, deep sleep that is not seated firmly, loss of consciousness, and — in the Shafi‘i school — skin contact between a man and a woman who could marry, and touching the private parts with the palm.',
          ],
          [
            'Tayammum',
            6,
            "When water is unavailable or harmful, strike clean earth with the hands, wipe the face, strike again and wipe the arms. Tayammum is allowed by al-Ma'idah 5:6 and lasts until water is found or one of the things that break wudu occurs.",
          ],
        ],
      ],
      [
        'Prayer',
        [
          [
            'The pillars of salah',
            10,
            'Intention, the opening takbir, standing when able, al-Fatiha in every rak‘ah, ruku‘, rising, two sujud with sitting between them, the final tashahhud and sitting for it, salawat on the Prophet ﷺ, the closing salam, calmness in each position, and keeping their order.',
          ],
          [
            'Forgetfulness in prayer',
            7,
            'If a sunnah such as the first tashahhud is missed, two prostrations of forgetfulness (sujud as-sahw) are made before the salam in the Shafi‘i school. A missed pillar must be made up: return to it if remembered before reaching the same pillar in the next rak‘ah.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 2,
    title: 'Fiqh of Fasting: Ramadan and Beyond',
    description:
      'Who must fast, what breaks the fast and what does not, making up missed days and fidyah, the sunnah fasts of the year, and the night of power and i‘tikaf.',
    category: 'Fiqh',
    level: 'beginner',
    price: '800',
    whatYouWillLearn: [
      'Know the conditions and pillars of fasting',
      'Tell what breaks the fast from what does not',
      'Make up missed days correctly',
    ],
    sections: [
      [
        'The fast of Ramadan',
        [
          [
            'Intention and time',
            6,
            'The fast runs from true dawn to sunset. For an obligatory fast the intention must be made each night before dawn; it is in the heart, and waking for suhur with the fast in mind is an intention.',
          ],
          [
            'What breaks the fast',
            8,
            'Eating or drinking deliberately, intercourse, deliberate vomiting and the start of menstruation break the fast. Eating out of forgetfulness does not: the Prophet ﷺ said "Allah fed him and gave him to drink" (Bukhari). Brushing the teeth, tasting food without swallowing and injections that are not nourishment do not break it in the view of many scholars.',
          ],
        ],
      ],
      [
        'Making up and voluntary fasts',
        [
          [
            'Qada and fidyah',
            7,
            'A traveller or a sick person who did not fast makes up the days before the next Ramadan. Someone permanently unable to fast feeds one poor person for each day (al-Baqarah 2:184).',
          ],
          [
            'Sunnah fasts',
            6,
            'Six days of Shawwal, the day of Arafah for those not on Hajj, Ashura with a day before it, Mondays and Thursdays, and the three white days of each lunar month (the 13th, 14th and 15th).',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 2,
    title: 'Zakah Made Clear',
    description:
      'How to calculate and pay zakah on savings, gold, business stock and crops: the nisab and the year, who may receive it, and common modern questions such as pensions and shares.',
    category: 'Fiqh',
    level: 'intermediate',
    price: '1800',
    whatYouWillLearn: [
      'Work out whether you reach the nisab',
      'Calculate zakah on cash, gold and stock',
      'Know the eight categories of recipients',
    ],
    sections: [
      [
        'Who pays, and how much',
        [
          [
            'Nisab and hawl',
            8,
            'Zakah is due on wealth that reaches the nisab — the value of 85 g of gold (or 595 g of silver, which many scholars prefer for cash because it helps more of the poor) — and is held for a full lunar year. The rate on cash, gold, silver and trade goods is 2.5%.',
          ],
          [
            'A worked example',
            9,
            'Amina has KES 400,000 in savings, gold jewellery kept as savings worth KES 150,000, and owes KES 50,000 due now. Her zakatable wealth is 400,000 + 150,000 − 50,000 = 500,000; if that is above the nisab on her zakah date, she pays 2.5%, KES 12,500.',
          ],
        ],
      ],
      [
        'Who receives it',
        [
          [
            'The eight categories',
            7,
            "At-Tawbah 9:60 names them: the poor, the needy, those who administer zakah, those whose hearts are to be reconciled, freeing captives, those in debt, in the path of Allah, and the stranded traveller. Zakah may not be given to one's parents, children or spouse.",
          ],
        ],
      ],
    ],
  },
  {
    teacher: 2,
    title: 'Islamic Finance: Trade, Riba and Modern Banking',
    description:
      'An advanced course on the fiqh of transactions: the conditions of a valid sale, the kinds of riba, gharar, and how murabaha, ijarah and musharakah are structured in Islamic banks.',
    category: 'Fiqh',
    level: 'advanced',
    price: '5000',
    promoPrice: '7500',
    whatYouWillLearn: [
      'State the conditions of a valid sale',
      "Distinguish riba al-fadl from riba an-nasi'ah",
      'Evaluate murabaha, ijarah and musharakah contracts',
    ],
    sections: [
      [
        'Principles',
        [
          [
            'The valid sale',
            10,
            'A sale needs consenting parties of sound mind, an object that exists, is owned, lawful, deliverable and known, and a known price. "Allah has permitted trade and forbidden riba" (al-Baqarah 2:275).',
          ],
          [
            'Riba and gharar',
            12,
            "Riba an-nasi'ah is any increase required on a loan for time; riba al-fadl is an unequal exchange of the same ribawi item, such as gold for more gold. Gharar is excessive uncertainty about the object or price, which the Prophet ﷺ forbade in sales (Muslim).",
          ],
        ],
      ],
      [
        'Contracts in practice',
        [
          [
            'Murabaha and ijarah',
            12,
            'In murabaha the bank buys the asset, owns it, and sells it to the client at a disclosed mark-up, payable in instalments; the price is fixed once agreed. In ijarah the bank owns the asset and rents it out, bearing the risks of ownership.',
          ],
          [
            'Musharakah',
            10,
            "Partners contribute capital and share profit by an agreed ratio and loss by their capital shares. In diminishing musharakah, used for homes, the client buys the bank's share gradually while paying rent on the part the bank still owns.",
          ],
        ],
      ],
    ],
  },
  {
    teacher: 2,
    title: 'The Forty Hadith of Imam an-Nawawi',
    description:
      'A commentary on the most studied collection of hadith: forty-two narrations that Imam an-Nawawi chose because the whole religion turns around them, starting with intention, Islam, iman and ihsan.',
    category: 'Hadith',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: [
      'Understand the first ten hadith of the collection',
      'Know why scholars call them the pivots of the religion',
      'Memorise the core texts in Arabic',
    ],
    sections: [
      [
        'The foundations',
        [
          [
            'Actions are by intentions',
            9,
            '"Actions are only by intentions, and every person will have only what he intended" (Bukhari and Muslim). Scholars called it a third of knowledge: it decides whether an act is worship, and whether a lawful habit — eating, sleeping, working — earns reward.',
          ],
          [
            'The hadith of Jibril',
            11,
            'Jibril came as a man in white and asked the Prophet ﷺ about Islam (the five pillars), iman (belief in Allah, His angels, books, messengers, the Last Day and the decree) and ihsan ("to worship Allah as though you see Him, and if you do not see Him, He sees you"). The Prophet ﷺ said: "He came to teach you your religion" (Muslim).',
          ],
        ],
      ],
      [
        'Character',
        [
          [
            'Leaving what does not concern you',
            6,
            '"Part of the excellence of a person\'s Islam is his leaving what does not concern him" (Tirmidhi). It guards the tongue, the time and the heart.',
          ],
          [
            'Do not be angry',
            6,
            'A man asked for advice; the Prophet ﷺ said "Do not become angry", and repeated it several times (Bukhari). Controlling anger protects from most of the harm people do to each other.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 2,
    title: 'Introduction to the Sciences of Hadith',
    description:
      'How hadith were preserved and judged: isnad and matn, the conditions of a sahih hadith, the grades hasan and da‘if, and the six major collections and their authors.',
    category: 'Hadith',
    level: 'advanced',
    price: '4500',
    whatYouWillLearn: [
      'Define sahih, hasan and da‘if',
      'Read an isnad and identify its narrators',
      'Know the six books and their methods',
    ],
    sections: [
      [
        'Isnad and grading',
        [
          [
            'Isnad and matn',
            9,
            'A hadith has a chain of narrators (isnad) and a text (matn). Abdullah ibn al-Mubarak said: "The isnad is part of the religion; were it not for the isnad, anyone would say whatever he wished."',
          ],
          [
            'The five conditions of sahih',
            11,
            'A sahih hadith has a connected chain, narrators of upright character (‘adl), narrators of precise memory (dabt), no contradiction of more reliable narrations (shudhudh), and no hidden defect (‘illah). A hasan hadith meets them with slightly lighter precision.',
          ],
        ],
      ],
      [
        'The collections',
        [
          [
            'The six books',
            10,
            "Sahih al-Bukhari and Sahih Muslim, then the Sunan of Abu Dawud, at-Tirmidhi, an-Nasa'i and Ibn Majah. Bukhari required evidence that each narrator met the one he narrated from; Muslim accepted that they lived in the same era and could have met.",
          ],
        ],
      ],
    ],
  },
  {
    teacher: 3,
    title: 'The Seerah: Life of the Prophet Muhammad ﷺ',
    description:
      'The life of the Prophet ﷺ from his birth in Makkah to his passing in Madinah: revelation, the years of persecution, the hijrah, building the community, and the conquest of Makkah.',
    category: 'History',
    level: 'beginner',
    price: '2000',
    promoPrice: '3000',
    whatYouWillLearn: [
      'Follow the main events of the Makkan and Madinan periods',
      'Understand the hijrah and the founding of Madinah',
      'Draw lessons from his character ﷺ',
    ],
    sections: [
      [
        'Makkah',
        [
          [
            'Birth and early life',
            10,
            'Born in the Year of the Elephant (around 570 CE), orphaned young, raised by his grandfather Abd al-Muttalib and then his uncle Abu Talib. Known in Makkah as al-Amin, the trustworthy, he worked as a shepherd and a merchant and married Khadijah, who was the first to believe in him.',
          ],
          [
            'The first revelation',
            9,
            'At forty, in the cave of Hira, Jibril came with "Read in the name of your Lord who created" (al-‘Alaq 96:1-5). Khadijah comforted him: "Allah will never disgrace you: you keep family ties, bear the burden of the weak, and help those in need" (Bukhari).',
          ],
        ],
      ],
      [
        'Madinah',
        [
          [
            'The hijrah',
            11,
            'In 622 CE, after the pledges of al-‘Aqabah, the Muslims emigrated to Yathrib. The Prophet ﷺ left with Abu Bakr, hid three nights in the cave of Thawr, and was received in Quba and then Madinah, where he built the mosque and made brothers of the emigrants and the ansar.',
          ],
          [
            'The conquest of Makkah',
            10,
            'In 8 AH he entered Makkah with ten thousand companions, almost without fighting, cleared the Ka‘bah of idols, and told the Quraysh who had persecuted him: "Go, you are free." Mercy at the moment of victory brought the city into Islam.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 3,
    title: 'The Rightly Guided Caliphs',
    description:
      'The thirty years after the Prophet ﷺ: Abu Bakr and the compilation of the Quran, Umar and the institutions of the state, Uthman and the standard mushaf, and Ali in a time of trial.',
    category: 'History',
    level: 'intermediate',
    price: '2500',
    whatYouWillLearn: [
      'Know the achievements of each of the four caliphs',
      'Understand how the Quran was compiled',
      'Reflect on justice and consultation in governance',
    ],
    sections: [
      [
        'Abu Bakr and Umar',
        [
          [
            'Abu Bakr as-Siddiq',
            9,
            'He held the community together after the Prophet\'s ﷺ death, with the words "whoever worshipped Muhammad, Muhammad has died; whoever worships Allah, Allah is Ever-Living". After many huffaz fell at Yamamah, he had Zayd ibn Thabit gather the Quran into one compiled copy.',
          ],
          [
            'Umar ibn al-Khattab',
            10,
            "Under Umar the state grew to Syria, Iraq and Egypt. He founded the diwan (registers of stipends), began the hijri calendar, appointed judges, and walked the streets at night to know his people's needs.",
          ],
        ],
      ],
      [
        'Uthman and Ali',
        [
          [
            'Uthman ibn Affan',
            8,
            'Seeing disputes over recitation in distant provinces, Uthman had copies made of one standard mushaf in the Qurayshi dialect and sent them to the main cities. Every mushaf today descends from them.',
          ],
          [
            'Ali ibn Abi Talib',
            8,
            "Known for knowledge and courage, Ali led in a time of civil strife after Uthman's murder. His sermons and sayings, and his justice even towards opponents, remained a model for later generations.",
          ],
        ],
      ],
    ],
  },
  {
    teacher: 3,
    title: 'Islam in East Africa: From the Coast to the Interior',
    description:
      'A history of Muslims in East Africa: the first contacts across the Indian Ocean, the Swahili city-states of Kilwa, Lamu and Mombasa, scholarship and the spread of Islam inland.',
    category: 'History',
    level: 'intermediate',
    price: '1500',
    whatYouWillLearn: [
      "Trace Islam's arrival on the East African coast",
      'Describe the Swahili city-states',
      'Know the scholarly traditions of Lamu and Zanzibar',
    ],
    sections: [
      [
        'The coast',
        [
          [
            'Across the monsoon',
            9,
            'The monsoon winds carried traders between Arabia, Persia, India and the African coast for centuries. Mosques excavated at Shanga in the Lamu archipelago date from the 8th century, among the earliest evidence of Muslim communities south of the Sahara.',
          ],
          [
            'The Swahili city-states',
            10,
            "Kilwa, Mombasa, Malindi, Lamu and Pate grew rich on trade in gold, ivory and cloth. The Great Mosque of Kilwa and Ibn Battuta's visit in 1331, when he praised the piety of its sultan, show a confident Muslim civilisation.",
          ],
        ],
      ],
      [
        'Learning',
        [
          [
            'Lamu and its scholars',
            8,
            'The Riyadha mosque college, founded in Lamu in the late 19th century by Habib Swaleh, made the town a centre of learning and of the annual Maulidi festival that still draws visitors from across the region.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 3,
    title: 'Aqeedah: The Six Pillars of Faith',
    description:
      'The core beliefs of a Muslim as taught in the hadith of Jibril: belief in Allah, His angels, His books, His messengers, the Last Day, and the divine decree, with their evidence from the Quran.',
    category: 'Aqeedah',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: [
      'State the six pillars of iman with evidence',
      "Understand tawhid in worship and in Allah's names",
      'Hold a balanced belief in the decree',
    ],
    sections: [
      [
        'Allah, His angels and His books',
        [
          [
            'Tawhid',
            9,
            'Belief that Allah alone creates and sustains, that He alone deserves worship, and that His names and attributes are as He described them, without likening Him to creation: "There is nothing like unto Him, and He is the Hearing, the Seeing" (ash-Shura 42:11).',
          ],
          [
            'Angels and revealed books',
            8,
            "Angels are created from light and never disobey; among them Jibril brings revelation and Mika'il is charged with rain. The revealed books include the Tawrah, the Zabur, the Injil and the Quran, which Allah has promised to preserve (al-Hijr 15:9).",
          ],
        ],
      ],
      [
        'Messengers, the Last Day and the decree',
        [
          [
            'The Last Day',
            8,
            'Belief in the grave and its questions, the resurrection, the reckoning, the scale, the bridge, and Paradise and Hell. Faith in the Hereafter gives every deed its weight.',
          ],
          [
            'The decree, good and bad',
            9,
            'Allah knows all things, wrote them, wills what happens, and creates it; and people have real choice and are accountable. The Prophet ﷺ said: "Strive for what benefits you, seek Allah\'s help, and do not give up" (Muslim).',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 3,
    title: 'The Beautiful Names of Allah',
    description:
      "An intermediate study of Allah's names: how they are known from revelation, what a selection of them means, and how knowing them shapes worship, hope and fear.",
    category: 'Aqeedah',
    level: 'intermediate',
    price: '1200',
    whatYouWillLearn: [
      "Understand the principles for affirming Allah's names",
      'Explain ar-Rahman, al-Hakim, al-Ghafur and others',
      'Call upon Allah by His names in du‘a',
    ],
    sections: [
      [
        'Principles',
        [
          [
            'Known from revelation',
            8,
            '"And to Allah belong the best names, so call upon Him by them" (al-A‘raf 7:180). His names are known only from the Quran and the authentic sunnah; each is a name and also describes an attribute.',
          ],
        ],
      ],
      [
        'Selected names',
        [
          [
            'Ar-Rahman, ar-Rahim',
            8,
            'Both come from rahmah, mercy. Ar-Rahman names the vastness of His mercy over all creation; ar-Rahim His mercy that reaches the believers in particular. The Prophet ﷺ said Allah divided mercy into a hundred parts and sent down one, by which creatures are merciful to each other (Muslim).',
          ],
          [
            'Al-Hakim and al-‘Alim',
            7,
            'Al-Hakim is the All-Wise, who puts everything in its right place; al-‘Alim the All-Knowing. They often close verses of law together, reminding the believer that every command comes from knowledge and wisdom.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 0,
    title: 'Advanced Tajweed: The Ten Readings Introduced',
    description:
      'For reciters who have mastered Hafs: what the qira‘at are, how they were transmitted, and the main differences of Warsh from Nafi‘ as recited in North and West Africa.',
    category: 'Quran',
    level: 'advanced',
    price: '6000',
    whatYouWillLearn: [
      'Explain the seven ahruf and the ten qira‘at',
      'Know the transmitters of the main readings',
      'Recognise the main features of Warsh',
    ],
    sections: [
      [
        'The readings',
        [
          [
            'Ahruf and qira‘at',
            11,
            'The Prophet ﷺ said the Quran was revealed in seven ahruf (Bukhari and Muslim). The qira‘at are transmitted ways of reciting, each traced through an unbroken chain to the Prophet ﷺ; Ibn Mujahid gathered seven in the 4th century AH, and Ibn al-Jazari established ten.',
          ],
          [
            'Warsh from Nafi‘',
            10,
            'Warsh, transmitting the reading of Nafi‘ of Madinah, lengthens the separated madd to six counts, softens many hamzahs, and in some positions reads raa with a lighter colour. Most of North and West Africa recites this way.',
          ],
        ],
      ],
    ],
  },
  {
    teacher: 2,
    title: 'Fiqh of Hajj and Umrah',
    description:
      'A step-by-step course for pilgrims: ihram and its prohibitions, tawaf and sa‘i, the days of Mina, Arafah and Muzdalifah, and what to do when something is missed.',
    category: 'Fiqh',
    level: 'intermediate',
    price: '2200',
    whatYouWillLearn: [
      'Enter ihram at the right miqat',
      'Perform tawaf and sa‘i correctly',
      'Follow the days of Hajj in order',
    ],
    sections: [
      [
        'Umrah',
        [
          [
            'Ihram',
            8,
            'Ihram is the intention of entering the rites, made before passing the miqat. Men wear two unstitched white sheets; perfume, cutting hair and nails, hunting and marital relations become forbidden until the rites end.',
          ],
          [
            'Tawaf and sa‘i',
            9,
            "Tawaf is seven circuits around the Ka‘bah starting at the Black Stone, keeping it on the left, in a state of wudu. Sa‘i is seven passes between Safa and Marwah, starting at Safa, remembering Hajar's search for water.",
          ],
        ],
      ],
      [
        'Hajj',
        [
          [
            'The day of Arafah',
            8,
            '"Hajj is Arafah" (Tirmidhi). Standing at Arafah from after noon on the 9th of Dhul-Hijjah until sunset is the one pillar without which there is no Hajj; the pilgrim spends it in du‘a and remembrance.',
          ],
        ],
      ],
    ],
  },
];

/** What demo students write when they review a free course they enrolled in. */
export const DEMO_REVIEW_TEXTS: readonly string[] = [
  'Clear, patient and well organised. I finally understand the rules I used to guess.',
  'Short lessons that fit my lunch break. Jazak Allahu khayran.',
  'Good introduction; I would love a follow-up course.',
  'The examples made it easy to practise at home with my children.',
  'Excellent. The references to the Quran and hadith were very helpful.',
];
