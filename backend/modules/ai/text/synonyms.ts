import { normaliseText } from '@platform/read-store';

import { normaliseArabic } from './arabic';
import { arabicTerm, englishTerm, type Lang } from './terms';

/*
 * Words for one topic that a question may use and a verse may not: the Arabic or transliterated
 * term a Muslim uses (salah, zakat, sabr, jannah), the translation's own word (prayer, charity,
 * patience, Paradise), and their Arabic forms. A question term in a group brings in the rest of
 * the group at a lower weight. Each group is a topic, not an answer: no group names a verse.
 */
interface SynonymGroup {
  en: string;
  ar?: string;
}

const GROUPS: SynonymGroup[] = [
  { en: 'prayer prayers pray salah salat salaat namaz', ar: 'صلاة الصلاة صلوات يصلون' },
  { en: 'fast fasting fasts sawm siyam ramadan ramadhan', ar: 'صيام صوم الصيام رمضان الصائمين' },
  {
    en: 'charity charities zakat zakah zakaat sadaqah sadaqa alms spend spending',
    ar: 'زكاة الزكاة صدقة الصدقات ينفقون أنفقوا',
  },
  { en: 'patience patient sabr steadfast steadfastness persevere perseverance endure', ar: 'صبر الصبر الصابرين اصبروا' },
  { en: 'paradise jannah jannat garden gardens heaven', ar: 'جنة الجنة جنات الفردوس' },
  { en: 'hell hellfire jahannam jahannum fire', ar: 'جهنم النار السعير الجحيم' },
  { en: 'forgive forgiveness forgiving forgiver pardon repent repentance tawbah istighfar', ar: 'مغفرة يغفر التوبة استغفروا' },
  { en: 'mercy merciful rahmah compassion', ar: 'رحمة الرحيم الرحمن' },
  { en: 'dua duaa supplication supplicate supplicant invoke invocation', ar: 'دعاء دعوة ادعوني الداع' },
  { en: 'dhikr zikr remembrance remember', ar: 'ذكر الذكر اذكروا' },
  { en: 'parents parent mother father walidayn', ar: 'الوالدين والدين والدي الوالدان' },
  { en: 'hajj pilgrimage umrah kaaba kaabah kabah', ar: 'حج الحج العمرة الكعبة' },
  { en: 'alcohol wine intoxicant intoxicants intoxicated drunk liquor khamr', ar: 'خمر الخمر' },
  { en: 'gambling gamble maysir lottery', ar: 'الميسر ميسر' },
  { en: 'interest usury riba', ar: 'الربا ربا' },
  { en: 'backbiting backbite gossip ghibah slander', ar: 'غيبة يغتب' },
  { en: 'hijab veil headcover headcovers covering modesty modest khimar jilbab garments', ar: 'حجاب خمار بخمرهن جلابيبهن' },
  { en: 'death die dying dies dead', ar: 'الموت موت' },
  { en: 'marriage marry married spouse spouses wife wives husband nikah', ar: 'نكاح زواج أزواج زوج' },
  { en: 'divorce divorced talaq', ar: 'طلاق الطلاق طلقتم' },
  { en: 'orphan orphans yateem yatim', ar: 'يتيم اليتيم اليتامى' },
  { en: 'justice just equity fairness adl', ar: 'العدل بالعدل القسط بالقسط' },
  { en: 'human humans humanity mankind insan', ar: 'الإنسان إنسان الناس' },
  { en: 'create created creation creating creator', ar: 'خلق خلقنا الخالق' },
  { en: 'worship worshipping ibadah ibadat', ar: 'عبادة يعبدون اعبدوا ليعبدون' },
  { en: 'calamity calamities disaster disasters affliction afflicted misfortune hardship musibah', ar: 'مصيبة مصيبه البلاء' },
  { en: 'kill killing killed murder slay slain', ar: 'قتل يقتل' },
  { en: 'jesus isa messiah', ar: 'عيسى المسيح' },
  { en: 'mary maryam', ar: 'مريم' },
  { en: 'moses musa', ar: 'موسى' },
  { en: 'abraham ibrahim', ar: 'إبراهيم' },
  { en: 'noah nuh', ar: 'نوح' },
  { en: 'joseph yusuf', ar: 'يوسف' },
  { en: 'muhammad ahmad', ar: 'محمد أحمد' },
  { en: 'angel angels malaikah jibril gabriel', ar: 'الملائكة ملائكة جبريل' },
  { en: 'trust reliance rely tawakkul', ar: 'توكل يتوكل' },
  { en: 'gratitude grateful thankful thank thanks shukr', ar: 'شكر الشاكرين' },
  { en: 'lie lies lying liar liars falsehood', ar: 'الكذب الكاذبين' },
  { en: 'sin sins sinful wrongdoing transgression', ar: 'ذنب الذنوب ذنوب' },
  { en: 'despair hopeless hopelessness', ar: 'تقنطوا القنوط ييأس' },
  { en: 'judgement judgment resurrection qiyamah hereafter akhirah', ar: 'القيامة الآخرة' },
  { en: 'peace tranquility tranquillity contentment sakinah assured', ar: 'السكينة تطمئن' },
  { en: 'kindness kind ihsan', ar: 'إحسان إحسانا' },
  { en: 'compulsion coercion compel forced', ar: 'إكراه' },
  { en: 'religion deen din faith', ar: 'الدين دين' },
  { en: 'tawhid tawheed oneness monotheism', ar: 'أحد الأحد' },
  { en: 'pork swine pig', ar: 'الخنزير خنزير' },
  { en: 'neighbor neighbour neighbors neighbours', ar: 'الجار' },
  { en: 'envy envious jealousy hasad', ar: 'حاسد حسد' },
  { en: 'anger angry wrath rage', ar: 'الغيظ الغضب' },
  { en: 'wealth money riches property', ar: 'أموال الأموال المال' },
  { en: 'guidance guide guided hidayah', ar: 'الهدى هدى' },
  { en: 'jihad strive striving', ar: 'جاهدوا الجهاد' },
];

export interface Expansion {
  /** Original and synonym terms of one language, each with its weight (originals 1). */
  terms: Map<string, number>;
}

export const SYNONYM_WEIGHT = 0.6;

interface CompiledGroup {
  en: string[];
  ar: string[];
}

const words = (text: string | undefined, normalise: (t: string) => string) =>
  text ? normalise(text).split(' ').filter(Boolean) : [];

function compile(): { groups: CompiledGroup[]; byTerm: Map<string, number[]> } {
  const groups: CompiledGroup[] = [];
  const byTerm = new Map<string, number[]>();
  GROUPS.forEach((g, i) => {
    const en = [...new Set(words(g.en, normaliseText).map(englishTerm).filter((t): t is string => !!t))];
    const ar = [...new Set(words(g.ar, normaliseArabic).map(arabicTerm).filter((t): t is string => !!t))];
    groups.push({ en, ar });
    for (const key of [...en.map((t) => `en:${t}`), ...ar.map((t) => `ar:${t}`)]) {
      byTerm.set(key, [...(byTerm.get(key) ?? []), i]);
    }
  });
  return { groups, byTerm };
}

let compiled: ReturnType<typeof compile> | undefined;

/**
 * A question's terms with their synonyms, per language, with weights: its own terms 1, synonyms
 * SYNONYM_WEIGHT in the question's language, and crossWeight in the other language (an Arabic
 * question about الصبر also searches the translation for "patience").
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
      for (const t of group[lang]) put(lang, t, SYNONYM_WEIGHT);
      if (crossWeight > 0) for (const t of group[other]) put(other, t, crossWeight);
    }
  }
  return out;
}
