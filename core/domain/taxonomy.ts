/**
 * The controlled vocabulary: primary topics, grouping tags in four families, tonal flavors and the
 * moods (named presets of filters). One module, served by /api/moods, /api/lanes and /api/families,
 * used by the classifier, the filters and the pages (CONTRACT.md "Scores and taxonomy").
 */

/** A primary topic (exactly one per article). */
export interface Topic { id: string; name: string }
/** A grouping tag (1–4 per article), in one family. */
export interface Tag { id: string; name: string; family: string }
/** A tag family (SPEC.md: four of them). */
export interface TagFamily { id: string; name: string; tags: string[] }
/** The tonal flavor of an article. */
export interface Flavor { id: string; name: string; description: string }
/** A mood: a named preset of include / mute and ceiling filters. */
export interface Mood {
  id: string;
  name: string;
  description: string;
  include_topics?: string[];
  include_flavors?: string[];
  /** Articles carrying any tag of these families qualify too (OR with the flavors). */
  include_tag_families?: string[];
  max_cortisol?: number;
  max_ragebait?: number;
}

export const TOPICS: readonly Topic[] = [
  { id: 'science', name: 'Science' },
  { id: 'technology', name: 'Technology' },
  { id: 'environment', name: 'Environment' },
  { id: 'nature', name: 'Nature & Animals' },
  { id: 'health', name: 'Health' },
  { id: 'community', name: 'Community' },
  { id: 'culture', name: 'Culture & Arts' },
  { id: 'learning', name: 'Learning' },
  { id: 'sport', name: 'Sport' },
  { id: 'economy', name: 'Work & Economy' },
];

export const TAG_FAMILIES: readonly TagFamily[] = [
  {
    id: 'discovery',
    name: 'Discovery & Wonder',
    tags: ['space', 'ocean', 'wildlife', 'fossils', 'physics', 'biology', 'exploration', 'inventions'],
  },
  {
    id: 'people',
    name: 'People & Kindness',
    tags: ['kindness', 'volunteering', 'rescue', 'neighbours', 'elders', 'young-people', 'reunions', 'animal-care'],
  },
  {
    id: 'solutions',
    name: 'Solutions & Progress',
    tags: ['clean-energy', 'conservation', 'medicine', 'good-policy', 'cities', 'access', 'recycling', 'jobs'],
  },
  {
    id: 'mind',
    name: 'Mind & Craft',
    tags: ['food', 'art', 'music', 'books', 'gardening', 'design', 'wellbeing', 'crafts'],
  },
];

const TAG_NAMES: Record<string, string> = {
  'young-people': 'Young people',
  'animal-care': 'Animal care',
  'clean-energy': 'Clean energy',
  'good-policy': 'Good policy',
};

/** Every tag with its family. */
export const TAGS: readonly Tag[] = TAG_FAMILIES.flatMap((family) =>
  family.tags.map((id) => ({
    id,
    family: family.id,
    name: TAG_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1).replace(/-/g, ' '),
  })),
);

export const FLAVORS: readonly Flavor[] = [
  { id: 'wonder', name: 'Wonder', description: 'discoveries and awe' },
  { id: 'heartwarming', name: 'Heartwarming', description: 'people being kind to people' },
  { id: 'constructive', name: 'Constructive', description: 'problems being solved' },
  { id: 'inspiring', name: 'Inspiring', description: 'achievements and milestones' },
  { id: 'light', name: 'Light', description: 'gentle, playful, fun' },
  { id: 'grounded', name: 'Grounded', description: 'calm, useful, informative' },
];

export const MOODS: readonly Mood[] = [
  { id: 'today', name: 'Today', description: 'A bit of everything that passed the calm gate.' },
  {
    id: 'wonder',
    name: 'Wonder',
    description: 'Discoveries, space, nature and science.',
    include_flavors: ['wonder'],
    include_tag_families: ['discovery'],
  },
  {
    id: 'people-helping',
    name: 'People Helping',
    description: 'Kindness, volunteers and communities.',
    include_flavors: ['heartwarming'],
    include_tag_families: ['people'],
  },
  {
    id: 'solutions',
    name: 'Solutions',
    description: 'Problems being solved, progress that holds.',
    include_flavors: ['constructive'],
    include_tag_families: ['solutions'],
  },
  {
    id: 'light-only',
    name: 'Light Only',
    description: 'Only the gentlest, lightest stories.',
    include_flavors: ['light', 'heartwarming', 'wonder'],
    max_cortisol: 1,
    max_ragebait: 0,
  },
  {
    id: 'grounded',
    name: 'Grounded',
    description: 'Calm, useful, informative.',
    include_flavors: ['grounded', 'constructive'],
    max_cortisol: 3,
  },
];

const topicIds = new Set(TOPICS.map((t) => t.id));
const tagIds = new Map(TAGS.map((t) => [t.id, t] as const));
const flavorIds = new Set(FLAVORS.map((f) => f.id));
const moodIds = new Map(MOODS.map((m) => [m.id, m] as const));

/** True when `id` is a known topic. */
export const isTopic = (id: string): boolean => topicIds.has(id);
/** True when `id` is a known tag. */
export const isTag = (id: string): boolean => tagIds.has(id);
/** True when `id` is a known flavor. */
export const isFlavor = (id: string): boolean => flavorIds.has(id);
/** The mood with this id, or null. */
export const findMood = (id: string): Mood | null => moodIds.get(id) ?? null;
/** The family id of a tag, or null for an unknown tag. */
export const tagFamily = (id: string): string | null => tagIds.get(id)?.family ?? null;
/** The display name of a tag, topic or flavor id (falls back to the id). */
export function displayName(id: string): string {
  return tagIds.get(id)?.name ?? TOPICS.find((t) => t.id === id)?.name ?? FLAVORS.find((f) => f.id === id)?.name ?? id;
}
