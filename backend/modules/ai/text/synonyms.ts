import { normaliseText } from '@platform/read-store';

import { normaliseArabic } from './arabic';
import { arabicTerm, englishTerm, type Lang } from './terms';

/*
 * Words for one topic that a question may use and a verse may not: the Arabic or transliterated
 * term a Muslim uses (salah, zakat, sabr, jannah), the translation's own word (prayer, charity,
 * patience, Paradise), and their Arabic forms. A question term in a group brings in the rest of
 * the group at a lower weight. Words joined by "/" are one word in other spellings or languages
 * (zakat/zakah, maryam/mary) and weigh as much as the word asked. Each group is a topic, not an
 * answer: no group names a verse.
 */
interface SynonymGroup {
  en: string;
  ar?: string;
}

const GROUPS: SynonymGroup[] = [
  { en: 'prayer/salah/salat/salaat/namaz prayers pray', ar: 'صلاة الصلاة صلوات يصلون' },
  { en: 'fasting/sawm/siyam fast fasts ramadan/ramadhan', ar: 'الصيام/الصوم صيام صوم رمضان الصائمين' },
  {
    en: 'zakah/zakat/zakaat charity charities sadaqah/sadaqa alms spend spending',
    ar: 'الزكاة/زكاة صدقة الصدقات ينفقون أنفقوا',
  },
  {
    en: 'patience/sabr patient steadfast steadfastness persevere perseverance endure',
    ar: 'الصبر/صبر الصابرين اصبروا',
  },
  { en: 'paradise/jannah/jannat garden gardens heaven', ar: 'الجنة/جنة جنات الفردوس' },
  { en: 'hell/jahannam/jahannum hellfire fire', ar: 'جهنم النار السعير الجحيم' },
  {
    en: 'forgiveness/maghfirah forgive forgiving forgiver pardon repent repentance/tawbah istighfar',
    ar: 'مغفرة يغفر التوبة استغفروا',
  },
  { en: 'mercy/rahmah merciful compassion', ar: 'رحمة الرحيم الرحمن' },
  { en: 'supplication/dua/duaa supplicate supplicant invoke invocation', ar: 'الدعاء/دعاء دعوة ادعوني الداع' },
  { en: 'remembrance/dhikr/zikr remember', ar: 'ذكر الذكر اذكروا' },
  { en: 'parents/walidayn parent mother father', ar: 'الوالدين/والدين والدي الوالدان' },
  { en: 'hajj/pilgrimage umrah kaaba/kaabah/kabah', ar: 'الحج/حج العمرة الكعبة' },
  { en: 'intoxicants/khamr/alcohol/wine intoxicant intoxicated drunk liquor', ar: 'الخمر/خمر' },
  { en: 'gambling/maysir gamble lottery', ar: 'الميسر/ميسر' },
  { en: 'interest/riba/usury', ar: 'الربا/ربا' },
  { en: 'backbiting/ghibah backbite gossip slander', ar: 'غيبة يغتب' },
  {
    en: 'hijab/khimar/headcover/headcovers veil covering modesty modest jilbab garments',
    ar: 'حجاب خمار بخمرهن جلابيبهن',
  },
  { en: 'death die dying dies dead', ar: 'الموت/موت' },
  { en: 'marriage/nikah marry married spouse spouses wife wives husband', ar: 'النكاح/نكاح زواج أزواج زوج' },
  { en: 'divorce/talaq divorced', ar: 'الطلاق/طلاق طلقتم' },
  { en: 'orphan/yateem/yatim orphans', ar: 'اليتيم/يتيم اليتامى' },
  { en: 'justice/adl just equity fairness', ar: 'العدل/بالعدل القسط بالقسط' },
  { en: 'mankind/insan/humanity human humans', ar: 'الإنسان/إنسان الناس' },
  { en: 'create created creation creating creator', ar: 'خلق خلقنا الخالق' },
  { en: 'worship/ibadah/ibadat worshipping', ar: 'عبادة يعبدون اعبدوا ليعبدون' },
  {
    en: 'disaster/calamity/musibah calamities disasters affliction afflicted misfortune hardship',
    ar: 'مصيبة/مصيبه البلاء',
  },
  { en: 'kill killing killed murder slay slain', ar: 'قتل يقتل' },
  { en: 'jesus/isa messiah', ar: 'عيسى المسيح' },
  { en: 'mary/maryam', ar: 'مريم' },
  { en: 'moses/musa', ar: 'موسى' },
  { en: 'abraham/ibrahim', ar: 'إبراهيم' },
  { en: 'noah/nuh', ar: 'نوح' },
  { en: 'joseph/yusuf', ar: 'يوسف' },
  { en: 'muhammad/ahmad', ar: 'محمد أحمد' },
  { en: 'angels/malaikah angel gabriel/jibril', ar: 'الملائكة/ملائكة جبريل' },
  { en: 'reliance/tawakkul trust rely', ar: 'توكل يتوكل' },
  { en: 'gratitude/shukr grateful thankful thank thanks', ar: 'شكر الشاكرين' },
  { en: 'lie lies lying liar liars falsehood', ar: 'الكذب الكاذبين' },
  { en: 'sin sins sinful wrongdoing transgression', ar: 'ذنب الذنوب ذنوب' },
  { en: 'despair hopeless hopelessness', ar: 'تقنطوا القنوط ييأس' },
  { en: 'resurrection/qiyamah judgement judgment hereafter/akhirah', ar: 'القيامة الآخرة' },
  { en: 'tranquility/sakinah tranquillity peace contentment assured', ar: 'السكينة تطمئن' },
  { en: 'ihsan kindness kind excellence', ar: 'إحسان إحسانا أحسن أحسنوا المحسنين' },
  { en: 'compulsion coercion compel forced', ar: 'إكراه' },
  { en: 'religion/deen/din faith', ar: 'الدين/دين' },
  { en: 'tawhid/tawheed oneness monotheism', ar: 'أحد الأحد' },
  { en: 'swine/pork pig', ar: 'الخنزير/خنزير' },
  { en: 'neighbor/neighbour neighbors/neighbours', ar: 'الجار' },
  { en: 'envy/hasad envious jealousy', ar: 'حاسد حسد' },
  { en: 'anger angry wrath rage', ar: 'الغيظ الغضب' },
  { en: 'wealth money riches property', ar: 'أموال الأموال المال' },
  { en: 'guidance/hidayah guide guided', ar: 'الهدى/هدى' },
  { en: 'jihad strive striving', ar: 'جاهدوا الجهاد' },
];

/** Weight of a synonym; a spelling or exact equivalent ("zakat/zakah") weighs as the word itself. */
export const SYNONYM_WEIGHT = 0.6;

interface CompiledGroup {
  /** Per language, the group's terms, each with the set of its equivalents (itself included). */
  en: string[][];
  ar: string[][];
}

function compileSide(text: string | undefined, normalise: (t: string) => string, term: (w: string) => string | null) {
  if (!text) return [];
  return text.split(' ').map((entry) => [
    ...new Set(
      entry
        .split('/')
        .flatMap((w) => normalise(w).split(' '))
        .map(term)
        .filter((t): t is string => !!t),
    ),
  ]);
}

function compile(): { groups: CompiledGroup[]; byTerm: Map<string, number[]> } {
  const groups: CompiledGroup[] = [];
  const byTerm = new Map<string, number[]>();
  GROUPS.forEach((g, i) => {
    const group = {
      en: compileSide(g.en, normaliseText, englishTerm),
      ar: compileSide(g.ar, normaliseArabic, arabicTerm),
    };
    groups.push(group);
    const keys = [...group.en.flat().map((t) => `en:${t}`), ...group.ar.flat().map((t) => `ar:${t}`)];
    for (const key of new Set(keys)) byTerm.set(key, [...(byTerm.get(key) ?? []), i]);
  });
  return { groups, byTerm };
}

let compiled: ReturnType<typeof compile> | undefined;

/**
 * A question's terms with their synonyms, per language, with weights: its own terms and their
 * equivalents 1, other words of the group SYNONYM_WEIGHT, and crossWeight for the group's words in
 * the other language (an Arabic question about الصبر also searches the translation for "patience").
 */
export function expandTerms(terms: readonly string[], lang: Lang, crossWeight = 0): Record<Lang, Map<string, number>> {
  compiled ??= compile();
  const out: Record<Lang, Map<string, number>> = { en: new Map(), ar: new Map() };
  const other: Lang = lang === 'en' ? 'ar' : 'en';
  const put = (l: Lang, term: string, weight: number) => {
    if (weight > (out[l].get(term) ?? 0)) out[l].set(term, weight);
  };
  for (const term of terms) {
    put(lang, term, 1);
    for (const gi of compiled.byTerm.get(`${lang}:${term}`) ?? []) {
      const group = compiled.groups[gi]!;
      for (const equivalents of group[lang]) {
        const weight = equivalents.includes(term) ? 1 : SYNONYM_WEIGHT;
        for (const t of equivalents) put(lang, t, weight);
      }
      if (crossWeight > 0) for (const t of group[other].flat()) put(other, t, crossWeight);
    }
  }
  return out;
}
