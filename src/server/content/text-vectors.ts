import { decodeEntities } from "./html";

// A small TF-IDF of our own for the writing room's internal-link suggestions (docs/decisions/0099):
// which pages of the site talk about what a post talks about. Pure functions, no database: the data
// function (data/link-suggestions.ts) gives them the corpus. A few hundred documents take
// milliseconds, so neither a search engine nor a library is needed, and the words that explain a
// suggestion come out of the same numbers that ranked it.

/** A list of words written as text, one space or line break apart. */
const wordList = (text: string): readonly string[] => text.trim().split(/\s+/);

/** Words that say nothing about a page's subject, in English. */
export const ENGLISH_STOP_WORDS: readonly string[] = wordList(`
  about above after again against all also although among and another any are aren around because been before
  being below between both but can cannot could couldn did didn does doesn doing don down during each either
  else even ever every few for from further get gets getting got had hadn has hasn have haven having her here
  hers herself him himself his how however into isn its itself just least less let like made make makes many may
  might more most much must mustn myself neither nor not now off often once one only other others our ours
  ourselves out over own per quite rather really same several shall she should shouldn since some still such
  than that the their theirs them themselves then there these they this those though through thus too under
  until upon use used using very via was wasn way ways well were weren what when where whether which while who
  whom whose why will with within without won would wouldn yet you your yours yourself yourselves
`);

/** Words that say nothing about a page's subject, in Hindi (Devanagari): postpositions, pronouns, auxiliaries. */
export const HINDI_STOP_WORDS: readonly string[] = wordList(`
  का की के है हैं और में से को पर यह ये वह वे था थी थे हो होता होती होते होना होने हुआ हुई हुए भी तो ही कि जो जब
  तक तब कर करना करने करता करती करते किया किए किसी कोई कुछ कौन क्या क्यों कैसे कहाँ एक इस इसे इसी इसका इसकी इसके
  इन इनका इनके उस उसे उसका उसकी उसके उन उनका उनकी उनके अपना अपनी अपने आप आपका आपकी आपके हम हमारा हमारी हमारे मैं
  मेरा मेरी मेरे तुम लिए लिये साथ बाद पहले अब यदि अगर लेकिन परंतु किंतु या नहीं न ना सकता सकती सकते रहा रही रहे
  गया गई गए जाता जाती जाते वाला वाली वाले द्वारा बहुत सभी सब यहाँ वहाँ ऐसा ऐसे जैसे तरह बीच ओर
`);

const STOP_WORDS = new Set<string>([...ENGLISH_STOP_WORDS, ...HINDI_STOP_WORDS].map((w) => w.normalize("NFC")));

/** Title words count three times a body word, heading words twice. */
export const TITLE_WEIGHT = 3;
export const HEADING_WEIGHT = 2;
export const BODY_WEIGHT = 1;
/** Tokens shorter than this (in code points) are dropped: "a" and "of" go, "SEO" stays. */
const MIN_TOKEN_LENGTH = 3;

/**
 * The words of a text: letters and their combining marks (so a Devanagari word keeps its vowel
 * signs and virama), Latin lower-cased, numbers and short tokens dropped, stop words left out.
 */
export function tokenize(text: string): string[] {
  const words: string[] = [];
  for (const match of text.normalize("NFC").matchAll(/[\p{L}\p{M}\u200c\u200d]+/gu)) {
    const word = match[0].toLowerCase().replace(/[\u200c\u200d]/g, "");
    // UTF-16 length is the code points' for Latin and Devanagari, both in the Basic Multilingual Plane.
    if (word.length < MIN_TOKEN_LENGTH || STOP_WORDS.has(word)) continue;
    words.push(word);
  }
  return words;
}

/** Text of an HTML fragment: tags become spaces (so words on both sides of one stay apart), entities decoded. */
export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " "));
}

/** What a page says, in the three parts weighted differently. */
export interface TextDocument {
  title: string;
  headings: string[];
  body: string;
}

/** A post's title and HTML as a document: its h2-h4 as headings, the rest as body (headings not counted twice). */
export function documentFromHtml(title: string, html: string): TextDocument {
  const headings: string[] = [];
  const body = html.replace(/<(h[1-4])\b[^>]*>([\s\S]*?)<\/\1>/gi, (_whole, _tag, inner: string) => {
    headings.push(htmlText(inner));
    return " ";
  });
  return { title, headings, body: htmlText(body) };
}

/** A document's weighted term counts. */
export function termCounts(doc: TextDocument): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of tokenize(text)) counts.set(word, (counts.get(word) ?? 0) + weight);
  };
  add(doc.title, TITLE_WEIGHT);
  for (const heading of doc.headings) add(heading, HEADING_WEIGHT);
  add(doc.body, BODY_WEIGHT);
  return counts;
}

/** A unit-length TF-IDF vector: term to weight. */
export type TermVector = Map<string, number>;

/** The corpus: how many documents hold each term, and each term's inverse frequency, computed once. */
export interface Corpus {
  size: number;
  documentFrequency: Map<string, number>;
  inverse: Map<string, number>;
}

export function buildCorpus(counts: readonly Map<string, number>[]): Corpus {
  const documentFrequency = new Map<string, number>();
  for (const doc of counts) for (const term of doc.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const size = counts.length;
  const inverse = new Map<string, number>();
  for (const [term, frequency] of documentFrequency) inverse.set(term, smoothedInverse(size, frequency));
  return { size, documentFrequency, inverse };
}

/** Smoothed inverse document frequency: a term in every document still weighs a little, an unseen one the most. */
const smoothedInverse = (size: number, frequency: number) => Math.log((size + 1) / (frequency + 1)) + 1;

export function inverseFrequency(corpus: Corpus, term: string): number {
  return corpus.inverse.get(term) ?? smoothedInverse(corpus.size, 0);
}

/** Sublinear term frequency times IDF, scaled to length 1 (so cosine similarity is a dot product). */
export function vectorOf(counts: Map<string, number>, corpus: Corpus): TermVector {
  const vector: TermVector = new Map();
  let norm = 0;
  for (const [term, count] of counts) {
    const weight = (1 + Math.log(count)) * inverseFrequency(corpus, term);
    vector.set(term, weight);
    norm += weight * weight;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

/** Cosine similarity of two unit vectors. */
export function similarity(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let score = 0;
  for (const [term, weight] of small) score += weight * (large.get(term) ?? 0);
  return score;
}

/** The terms two vectors share, those that add most to their similarity first: why two pages are alike. */
export function sharedTerms(a: TermVector, b: TermVector, limit = 5): string[] {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const parts: [string, number][] = [];
  for (const [term, weight] of small) {
    const other = large.get(term);
    if (other !== undefined) parts.push([term, weight * other]);
  }
  parts.sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
  return parts.slice(0, limit).map(([term]) => term);
}
