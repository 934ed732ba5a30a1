/**
 * The sentences we generate from a story's flavor and topic, built from parts that agree (issue 21,
 * item 6): "an" before a vowel sound, a flavor adjective (not the bare noun "wonder"), and a verb in
 * every "because" clause. The offline classifier's card line and the offline summary both use them;
 * test/app/words.test.ts renders them over every flavor × topic.
 */
import { keyPhrases, listOf } from './keyphrases.ts';
import { singleLine } from './markup-scan.ts';
import { displayName, FLAVORS, TOPICS } from './taxonomy.ts';

/** The adjective of each flavor ("a wonder-filled story", never "a wonder story"). */
export const FLAVOR_ADJECTIVE: Readonly<Record<string, string>> = {
  wonder: 'wonder-filled',
  heartwarming: 'heartwarming',
  constructive: 'constructive',
  inspiring: 'inspiring',
  light: 'light-hearted',
  grounded: 'grounded',
};

/** Words spelt with a vowel but said with a consonant ("a useful"), and the reverse ("an hour"). */
const CONSONANT_SOUND = /^(uni|use|usu|uti|eu|one|once|ewe)/i;
const VOWEL_SOUND = /^(hour|honest|honou?r|heir)/i;

/** "a" or "an" for the word that follows, by its first sound. */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.trim();
  if (VOWEL_SOUND.test(w)) return 'an';
  if (CONSONANT_SOUND.test(w)) return 'a';
  return /^[aeiou]/i.test(w) ? 'an' : 'a';
}

/** `phrase` with its indefinite article ("an inspiring"). */
export const withArticle = (phrase: string): string => `${indefiniteArticle(phrase)} ${phrase}`;

const flavorAdjective = (flavor: string): string => FLAVOR_ADJECTIVE[flavor] ?? 'calm';
const flavorDescription = (flavor: string): string => FLAVORS.find((f) => f.id === flavor)?.description ?? 'calm and useful';
const topicWords = (topic: string): string => (TOPICS.find((t) => t.id === topic)?.name ?? topic).toLowerCase();

/** The card's why line for an accepted story: "An inspiring learning story: achievements and milestones." */
export function storyLine(flavor: string, topic: string): string {
  const phrase = withArticle(`${flavorAdjective(flavor)} ${topicWords(topic)} story`);
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}: ${flavorDescription(flavor)}.`;
}

/** A topic as the object of "about" in a sentence, where its short name does not read as one ("about the environment", not "about environment"). */
const TOPIC_ABOUT: Readonly<Record<string, string>> = { environment: 'the environment', nature: 'nature and animals', culture: 'culture and the arts', economy: 'work and the economy' };

/** The summary's reason: "We picked it because it is a wonder-filled story about science: discoveries and awe." */
export function pickedBecause(flavor: string, topic: string): string {
  return `We picked it because it is ${withArticle(`${flavorAdjective(flavor)} story`)} about ${TOPIC_ABOUT[topic] ?? topicWords(topic)}: ${flavorDescription(flavor)}.`;
}

/** What a story-specific line is built from (issue 18, item 2). */
export interface StoryFacts {
  title: string;
  /** Not in the line (cards and pages name the source beside the title); kept for callers that have it. */
  sourceName: string;
  topic: string;
  tags: readonly string[];
  flavor: string;
}

/**
 * A why line built from the story itself: its flavor and topic, its tags and the strongest phrases
 * of its title. "An inspiring learning story on young people and clean energy: solar boat and river
 * race." Two stories share it only when they share all of those, which near-duplicate detection
 * keeps out of one pool.
 */
export function specificLine(f: StoryFacts): string {
  const topicName = topicWords(f.topic);
  const tags = f.tags.map((t) => displayName(t).toLowerCase()).filter((t) => t !== topicName).slice(0, 2);
  const cues = keyPhrases(singleLine(f.title), 2);
  const phrase = withArticle(`${flavorAdjective(f.flavor)} ${topicName} story`);
  // The source is named beside the title on cards and pages: the line spends its words on the story.
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${tags.length ? ` on ${listOf(tags)}` : ''}${cues.length ? `: ${listOf(cues)}` : ''}.`;
}
