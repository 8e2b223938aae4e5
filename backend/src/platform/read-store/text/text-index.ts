import { type Clause, matchesFilter, parseFilter } from '../core/filter';
import { pageLimit } from '../core/paging';
import { compareCodePoints } from '../core/sorting';
import type { Scalar, SearchHit, SearchIndex, SearchQueryOptions } from '../read-store.port';
import { rankedText } from './indexed-text';
import { ListBitsets } from './list-bitsets';
import { parseSearchQuery, type SearchQuery } from './tokenise';
import { asFloat4Reading, queryItems, type RankedText, tsRank } from './ts-rank';

interface Entry {
  id: string;
  /** The entry's place in id order as a number (compared far faster than ids), renumbered when full. */
  seq: number;
  /** Its index in `byId` while the index's ordinals are current (its bit in the lists' bitsets). */
  ord: number;
  /** The last query that marked this entry (as holding its prefix). */
  mark: number;
  /** Its score in the query being answered (queries run one at a time). */
  score: number;
  text: RankedText;
  fields: Record<string, Scalar>;
}

/**
 * Past this many postings, a prefix's lists are not merged into one list (marked, or looked into,
 * instead): a merged list is sorted once, then kept, and must fit among those kept.
 */
const MERGE_AT_MOST = 500_000;
/** Entries held in all the merged lists of prefixes together (pointers: 8 bytes each). */
const UNIONS_HOLD_AT_MOST = 2_000_000;
/**
 * From this many entries on, a list used in a query gets a bitset over the entries' ordinals (one
 * bit per document: 12.5 KB for 100,000), kept while documents are only added last. Two common
 * words and a prefix match a few per cent of each other's documents: ANDing their bitsets a word of
 * 32 documents at a time finds the newest thousand matches without walking the misses one by one.
 */
const BITS_AT_LEAST = 2048;

/**
 * A search index held in memory as an inverted index: term → its documents in id order. It answers
 * `query` as the SQL stores' search indexes do (sql-search-index.ts): every term, the last word as
 * a prefix, the `where` filter; with `newest`, the newest matches by id; ranked by ts_rank with
 * normalisation 1 (ts-rank.ts, exact to PostgreSQL's float), then by id. PostgreSQL finds a word's
 * newest thousand matches by reading back along the key or its GIN index, several milliseconds of
 * its CPU for a text never asked before; here the lists of the words are intersected, newest first.
 */
export class TextIndex {
  private readonly docs = new Map<string, Entry>();
  /** Every entry, in id order. */
  private readonly byId: Entry[] = [];
  private readonly postings = new Map<string, Entry[]>();
  /** Every term, in code-unit order, for the terms a prefix starts. */
  private readonly terms: string[] = [];
  private marks = 0;
  private readonly unions = new PrefixUnions();

  /** Entries were inserted before others or removed since the ordinals were numbered. */
  private ordsStale = false;
  private readonly bits = new ListBitsets();

  /**
   * `mergeAtMost`: past this many postings, a prefix's lists are marked or looked into, not merged.
   * `bitsAtLeast`: lists this long are intersected through bitsets.
   */
  constructor(
    private readonly mergeAtMost = MERGE_AT_MOST,
    private readonly bitsAtLeast = BITS_AT_LEAST,
  ) {}

  get size(): number {
    return this.docs.size;
  }

  /** The index's own copy of a term, so documents share it (a term is in thousands of them). */
  private readonly intern = (term: string): string =>
    this.postings.has(term) ? this.terms[lowerBound(this.terms, term)]! : term;

  /** Puts (or replaces) a document: its terms with the positions a tsvector keeps (keptPositions). */
  put(id: string, terms: ReadonlyMap<string, readonly number[]>, fields: Record<string, Scalar>): void {
    this.remove(id);
    const entry: Entry = { id, seq: 0, ord: 0, mark: 0, score: 0, text: rankedText(terms, this.intern), fields };
    this.docs.set(id, entry);
    this.place(entry);
    for (const term of entry.text.terms) {
      let list = this.postings.get(term);
      if (!list) {
        this.postings.set(term, (list = []));
        this.terms.splice(lowerBound(this.terms, term), 0, term);
      }
      if (list.length === 0 || list.at(-1)!.seq < entry.seq) list.push(entry);
      else list.splice(seqIndex(list, entry.seq), 0, entry);
    }
    this.unions.added(entry);
  }

  remove(id: string): void {
    const entry = this.docs.get(id);
    if (!entry) return;
    this.docs.delete(id);
    this.unions.removed(entry);
    this.byId.splice(seqIndex(this.byId, entry.seq), 1);
    this.ordsStale = true;
    for (const term of entry.text.terms) {
      const list = this.postings.get(term)!;
      list.splice(seqIndex(list, entry.seq), 1);
      if (list.length === 0) {
        this.postings.delete(term);
        this.terms.splice(lowerBound(this.terms, term), 1);
      }
    }
  }

  query(text: string, options: SearchQueryOptions = {}): SearchHit[] {
    const query = parseSearchQuery(text);
    if (!query) return [];
    const clauses = parseFilter(options.where);
    const newest = options.newest === undefined ? Infinity : pageLimit(options.newest);
    const items = queryItems(query);
    const found = this.matches(query, clauses, newest);
    for (const entry of found) entry.score = tsRank(entry.text, items);
    return found
      .sort((a, b) => b.score - a.score || a.seq - b.seq)
      .slice(0, pageLimit(options.limit))
      .map((entry) => ({ id: entry.id, score: asFloat4Reading(entry.score), fields: { ...entry.fields } }));
  }

  /** New entries come last (ids grow with time); an entry put between two takes a number between theirs. */
  private place(entry: Entry) {
    const last = this.byId.at(-1);
    if (!last || compareCodePoints(last.id, entry.id) < 0) {
      entry.seq = (last?.seq ?? 0) + 1;
      entry.ord = this.byId.length;
      this.byId.push(entry);
      return;
    }
    this.ordsStale = true;
    const lo = firstNotBefore(0, this.byId.length, (i) => compareCodePoints(this.byId[i]!.id, entry.id) < 0);
    const before = lo > 0 ? this.byId[lo - 1]!.seq : 0;
    entry.seq = (before + this.byId[lo]!.seq) / 2;
    this.byId.splice(lo, 0, entry);
    // No number left between the two: number them all again (their order, and every list's, stays).
    if (entry.seq === before || entry.seq === this.byId[lo + 1]!.seq) this.byId.forEach((e, i) => (e.seq = i + 1));
  }

  /** The newest `count` documents holding every term and a term with the prefix that pass the filter. */
  private matches(query: SearchQuery, clauses: readonly Clause[], count: number): Entry[] {
    // Each list with its key: the term, or `*` and the prefix for the prefix's terms (its bitset's name).
    const named: [string, Entry[]][] = [];
    for (const term of query.terms) {
      const list = this.postings.get(term);
      if (!list) return [];
      named.push([term, list]);
    }
    // Which documents hold the prefix, the cheapest way for this text: the merged list of its terms
    // kept from an earlier text ending the same way (the last word is the one being typed, and its
    // start repeats), its one term's list, or its terms' lists merged now and kept; else, for a
    // prefix of very many documents, marks on them (no sorting) or, when marking would cost far
    // more than looking, a look at each candidate.
    let marked = 0;
    let checkPrefix = false;
    const kept = this.unions.get(query.prefix);
    if (kept) named.push([`*${query.prefix}`, kept]);
    else {
      const prefixTerms = this.termsStarting(query.prefix);
      if (prefixTerms.length === 0) return [];
      const prefixLists = prefixTerms.map((t) => this.postings.get(t)!);
      const prefixed = prefixLists.reduce((n, l) => n + l.length, 0);
      const shortest = named.reduce((n, [, l]) => Math.min(n, l.length), Infinity);
      if (prefixLists.length === 1) named.push([prefixTerms[0]!, prefixLists[0]!]);
      else if (prefixed <= this.mergeAtMost)
        named.push([`*${query.prefix}`, this.unions.keep(query.prefix, this.union(prefixLists))]);
      else if (prefixed <= shortest * 16) marked = this.mark(prefixLists);
      else checkPrefix = true;
    }
    if (named.length === 0) named.push(['', this.byId]);
    named.sort(([, a], [, b]) => a.length - b.length);
    const keep = (entry: Entry) =>
      (!marked || entry.mark === marked) &&
      (!checkPrefix || entry.text.terms.some((t) => t.startsWith(query.prefix))) &&
      matchesFilter(entry.fields, clauses);
    if (named.length > 1 && named[0]![1].length >= this.bitsAtLeast) return this.intersectBits(named, count, keep);
    const lists = named.map(([, list]) => list);
    const [driver, ...others] = lists as [Entry[], ...Entry[][]];
    const cursors = others.map((l) => l.length - 1);
    const out: Entry[] = [];
    for (let i = driver.length - 1; i >= 0 && out.length < count; i--) {
      const entry = driver[i]!;
      let inAll = true;
      for (let k = 0; k < others.length && inAll; k++) {
        cursors[k] = seek(others[k]!, cursors[k]!, entry.seq);
        inAll = cursors[k]! >= 0 && others[k]![cursors[k]!] === entry;
      }
      if (inAll && keep(entry)) out.push(entry);
    }
    return out;
  }

  /** The newest `count` entries in every one of `lists` that `keep` keeps, from the lists' bitsets ANDed newest first. */
  private intersectBits(lists: readonly [string, Entry[]][], count: number, keep: (entry: Entry) => boolean): Entry[] {
    if (this.ordsStale) {
      this.byId.forEach((e, i) => (e.ord = i));
      this.ordsStale = false;
      this.bits.renumbered();
    }
    const sets = lists.map(([key, list]) => this.bits.of(key, list, this.byId.length));
    const out: Entry[] = [];
    // Every list's bits lie within the shortest bitset's words (a list's last entry sets its top word).
    const top = Math.min(...sets.map((words) => words.length)) - 1;
    for (let w = top; w >= 0 && out.length < count; w--) {
      let word = sets[0]![w]!;
      for (let k = 1; k < sets.length && word !== 0; k++) word &= sets[k]![w]!;
      while (word !== 0 && out.length < count) {
        const bit = 31 - Math.clz32(word);
        word &= ~(1 << bit);
        const entry = this.byId[w * 32 + bit]!;
        if (keep(entry)) out.push(entry);
      }
    }
    return out;
  }

  /** Marks every entry of the lists with a new mark, and answers it. */
  private mark(lists: readonly Entry[][]): number {
    const mark = ++this.marks;
    for (const list of lists) for (const entry of list) entry.mark = mark;
    return mark;
  }

  /** The entries of several lists, each once, in seq order. */
  private union(lists: readonly Entry[][]): Entry[] {
    const mark = ++this.marks;
    const out: Entry[] = [];
    for (const list of lists)
      for (const entry of list) {
        if (entry.mark === mark) continue;
        entry.mark = mark;
        out.push(entry);
      }
    return out.sort((a, b) => a.seq - b.seq);
  }

  private termsStarting(prefix: string): string[] {
    const out: string[] = [];
    for (let i = lowerBound(this.terms, prefix); i < this.terms.length && this.terms[i]!.startsWith(prefix); i++)
      out.push(this.terms[i]!);
    return out;
  }
}

/** A load found more documents than it may hold. */
export class TooManyDocuments extends Error {}

/**
 * Every document of `source` read into a new index, a page at a time (keyset by id); null once
 * `stillWanted` says the load is no longer wanted. Throws TooManyDocuments past `maxDocs`.
 */
export async function loadTextIndex(
  source: Pick<SearchIndex, 'entries'>,
  { maxDocs = Infinity, stillWanted = (): boolean => true, page = 2000 } = {},
): Promise<TextIndex | null> {
  if (!source.entries) throw new Error('This search index cannot list its documents');
  const index = new TextIndex();
  for (let after: string | null = null; ; ) {
    const docs = await source.entries(after, page);
    if (!stillWanted()) return null;
    for (const doc of docs) index.put(doc.id, doc.terms, doc.fields);
    if (index.size > maxDocs) throw new TooManyDocuments(`more than ${maxDocs} documents to hold in memory`);
    if (docs.length < page) return index;
    after = docs.at(-1)!.id;
  }
}

/**
 * The merged lists of the prefixes asked lately, least recently asked first out. A new document
 * (the greatest id) joins the lists of its terms' prefixes; any other change drops them.
 */
class PrefixUnions {
  private readonly lists = new Map<string, Entry[]>();
  private held = 0;

  get(prefix: string): Entry[] | undefined {
    const list = this.lists.get(prefix);
    if (list) {
      this.lists.delete(prefix);
      this.lists.set(prefix, list);
    }
    return list;
  }

  keep(prefix: string, list: Entry[]): Entry[] {
    for (const oldest of this.lists.keys()) {
      if (this.held + list.length <= UNIONS_HOLD_AT_MOST) break;
      this.forget(oldest);
    }
    if (this.held + list.length <= UNIONS_HOLD_AT_MOST) {
      this.lists.set(prefix, list);
      this.held += list.length;
    }
    return list;
  }

  added(entry: Entry) {
    if (this.lists.size === 0) return;
    for (const term of entry.text.terms)
      for (let n = 1; n <= term.length; n++) {
        const prefix = term.slice(0, n);
        const list = this.lists.get(prefix);
        if (!list || list.at(-1) === entry) continue;
        if (list.length === 0 || list.at(-1)!.seq < entry.seq) {
          list.push(entry);
          this.held++;
        } else this.forget(prefix);
      }
  }

  removed(entry: Entry) {
    if (this.lists.size === 0) return;
    for (const term of entry.text.terms) for (let n = 1; n <= term.length; n++) this.forget(term.slice(0, n));
  }

  private forget(prefix: string) {
    const list = this.lists.get(prefix);
    if (!list) return;
    this.held -= list.length;
    this.lists.delete(prefix);
  }
}

/** In `list` (ascending seq), the last index at or before `from` whose seq is at most `seq`; -1 if none. */
function seek(list: readonly Entry[], from: number, seq: number): number {
  if (from < 0 || list[from]!.seq <= seq) return from;
  // Galloping back, then a binary search in the stretch found.
  let step = 1;
  let hi = from;
  let lo = from - step;
  while (lo >= 0 && list[lo]!.seq > seq) {
    hi = lo;
    step *= 2;
    lo = from - step;
  }
  lo = Math.max(lo, -1);
  // list[lo].seq <= seq (or lo = -1), list[hi].seq > seq.
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.seq <= seq) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The first index from `lo` below `hi` for which `before` is false (`before` holds for a leading stretch). */
function firstNotBefore(lo: number, hi: number, before: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first entry whose seq is at least `seq`. */
const seqIndex = (list: readonly Entry[], seq: number) => firstNotBefore(0, list.length, (i) => list[i]!.seq < seq);

/** Index of the first term not before `text` (code-unit order: a prefix's terms lie together in it). */
const lowerBound = (sorted: readonly string[], text: string) =>
  firstNotBefore(0, sorted.length, (i) => sorted[i]! < text);
