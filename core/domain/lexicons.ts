/**
 * Cue words for the offline classifier's topic, tags and flavor (the calm gate itself is the
 * trained model in core/domain/gate-model.ts). Each list is weighted groups of terms; a term ending in `*`
 * matches any ending ("evacuat*"), a space matches any run of spaces. Terms count once per text.
 * Tuned against the labelled headline set in test/ingestion/ (keep both in step).
 */

/** Weighted groups of terms. */
export type Lexicon = ReadonlyArray<readonly [weight: number, terms: readonly string[]]>;

/** Topic cue words (the first matching topic by score wins; ties keep the list order). */
export const TOPIC_TERMS: Record<string, readonly string[]> = {
  science: ['scien*', 'research*', 'study', 'studies', 'physic*', 'chemist*', 'biolog*', 'astronom*', 'telescope', 'galax*', 'planet*', 'comet', 'moon', 'star', 'stars', 'space', 'orbit*', 'fossil*', 'dinosaur*', 'archaeolog*', 'genome', 'cell*', 'experiment*', 'laborator*', 'quantum', 'particle*', 'microb*', 'species', 'discover*'],
  technology: ['technolog*', 'software', 'robot*', 'comput*', 'ai', 'algorithm*', 'app', 'apps', 'internet', 'open source', 'open-source', 'chip*', 'battery', 'batteries', 'engineer*', 'drone*', 'satellite*', 'invent*', 'prototype', 'digital', 'code', 'coding', 'programm*', '3d-print*', '3d print*', 'electric', 'device*'],
  environment: ['climate', 'emission*', 'carbon', 'renewabl*', 'solar', 'wind', 'energy', 'recycl*', 'plastic*', 'pollut*', 'reforest*', 'rewild*', 'forest*', 'wetland*', 'river*', 'ocean', 'coral', 'reef*', 'clean air', 'conservation', 'biodiversity', 'compost*', 'waste', 'tree*', 'peat*', 'glacier*'],
  nature: ['wildlife', 'animal*', 'bird*', 'whale*', 'dolphin*', 'turtle*', 'otter*', 'beaver*', 'bee', 'bees', 'butterfl*', 'owl*', 'fox', 'foxes', 'wolf', 'wolves', 'bear', 'bears', 'elephant*', 'lynx', 'hedgehog*', 'frog*', 'seal*', 'puffin*', 'orchid*', 'meadow*', 'cub', 'cubs', 'chicks', 'hatch*', 'nest*', 'sanctuary', 'dog', 'dogs', 'cat', 'cats', 'puppy', 'kitten*', 'pony', 'horse*', 'salmon', 'fish'],
  health: ['health*', 'medic*', 'doctor*', 'nurse*', 'clinic*', 'vaccin*', 'treatment*', 'therap*', 'patient*', 'wellbeing', 'well-being', 'mental health', 'sleep', 'exercise', 'diet', 'nutrition', 'hearing', 'sight', 'blind', 'deaf', 'recovery', 'hospital*', 'drug*', 'cure*'],
  community: ['community', 'communit*', 'neighbou?r*', 'volunteer*', 'village*', 'town', 'residents', 'local', 'charity', 'charities', 'donat*', 'food bank', 'shelter', 'kindness', 'stranger*', 'elder*', 'pensioner*', 'grandmother', 'grandfather', 'family', 'families', 'reunit*', 'rescu*', 'firefighter*', 'postman', 'postwoman', 'bus driver', 'café', 'cafe', 'fundrais*'],
  culture: ['art', 'arts', 'artist*', 'music*', 'song*', 'choir', 'orchestra', 'concert', 'film*', 'museum*', 'gallery', 'galleries', 'paint*', 'mural*', 'sculpt*', 'poet*', 'poem*', 'novel*', 'author*', 'book*', 'theatre', 'theater', 'dance*', 'festival*', 'craft*', 'knit*', 'recipe*', 'bak*', 'chef*', 'cook*', 'food', 'design*', 'architect*', 'photograph*'],
  learning: ['school*', 'pupil*', 'student*', 'teacher*', 'teach*', 'learn*', 'classroom*', 'universit*', 'college*', 'scholarship*', 'literacy', 'read*', 'library', 'libraries', 'lesson*', 'course*', 'education', 'graduat*', 'apprentice*', 'tutor*', 'language*', 'maths', 'math'],
  sport: ['sport*', 'football', 'soccer', 'cricket', 'rugby', 'tennis', 'marathon', 'olympi*', 'paralympi*', 'athlete*', 'race', 'runner*', 'swim*', 'cycl*', 'climb*', 'match', 'team', 'league', 'coach*', 'champion*', 'medal*', 'goal', 'tournament'],
  economy: ['job*', 'work*', 'employ*', 'wage*', 'business*', 'compan*', 'startup*', 'econom*', 'cooperative', 'co-op', 'market*', 'factory', 'factories', 'trade', 'shop*', 'farm*', 'farmer*', 'apprentice*', 'hiring', 'hires', 'four-day week', 'pay'],
};

/** Tag cue words (up to 4 tags with the highest scores). */
export const TAG_TERMS: Record<string, readonly string[]> = {
  space: ['space', 'astronaut*', 'planet*', 'galax*', 'telescope', 'star', 'stars', 'moon', 'comet', 'orbit*', 'rocket*', 'nasa', 'mars', 'asteroid*', 'nebula*', 'eclipse', 'aurora*', 'meteor*', 'satellite*'],
  ocean: ['ocean*', 'sea', 'seas', 'coral*', 'reef*', 'whale*', 'dolphin*', 'marine', 'coast*', 'seagrass', 'kelp', 'turtle*', 'tide*', 'beach*', 'puffin*', 'seal*'],
  wildlife: ['wildlife', 'species', 'bird*', 'otter*', 'beaver*', 'wolf', 'wolves', 'lynx', 'bear', 'bears', 'elephant*', 'owl*', 'fox', 'foxes', 'bee', 'bees', 'butterfl*', 'frog*', 'hedgehog*', 'cub', 'cubs', 'chicks', 'hatch*', 'nest*', 'salmon', 'bison', 'deer', 'bat', 'bats', 'insect*'],
  fossils: ['fossil*', 'dinosaur*', 'prehistoric', 'ancient', 'archaeolog*', 'excavat*', 'skeleton', 'ruins', 'mammoth*', 'relic*'],
  physics: ['physic*', 'quantum', 'particle*', 'laser*', 'atom*', 'magnet*', 'superconduct*', 'gravit*', 'light speed', 'fusion'],
  biology: ['biolog*', 'cell*', 'gene*', 'genom*', 'dna', 'microb*', 'bacteri*', 'enzyme*', 'protein*', 'evolution*', 'fungi', 'fung*', 'plant science', 'organism*'],
  exploration: ['explor*', 'expedition*', 'discover*', 'uncharted', 'voyage*', 'deep-sea', 'cave*', 'summit', 'map*', 'survey*'],
  inventions: ['invent*', 'prototype*', 'robot*', 'device*', 'engineer*', 'design*', 'patent*', '3d-print*', '3d print*', 'drone*', 'gadget*', 'tool*', 'machine*'],
  kindness: ['kindness', 'kind', 'generous', 'generosity', 'gift*', 'donat*', 'stranger*', 'thank*', 'surprise*', 'pay it forward', 'free meals', 'anonymous', 'good samaritan', 'hugs'],
  volunteering: ['volunteer*', 'fundrais*', 'charity', 'charities', 'food bank', 'litter pick*', 'clean-up', 'clean up', 'cleans up'],
  rescue: ['rescu*', 'saved', 'saves', 'lifeboat*', 'firefighter*', 'lifeguard*', 'search team', 'freed', 'found safe'],
  neighbours: ['neighbou?r*', 'community', 'village*', 'street*', 'residents', 'town', 'local', 'allotment*', 'café', 'cafe', 'pub', 'corner shop'],
  elders: ['elder*', 'pensioner*', 'grandmother*', 'grandfather*', 'grandparent*', 'retire*', 'centenarian*', '100th birthday', 'aged 9*', 'older people', 'care home*'],
  'young-people': ['child*', 'children', 'kids', 'pupil*', 'student*', 'teen*', 'young people', 'youth', 'school*', 'girl*', 'boy*', 'toddler*'],
  reunions: ['reunit*', 'reunion*', 'reconnect*', 'long-lost', 'returned to owner', 'found after', 'back home'],
  'animal-care': ['vet', 'vets', 'veterinar*', 'sanctuary', 'adopt*', 'shelter', 'rehom*', 'pet*', 'dog', 'dogs', 'cat', 'cats', 'puppy', 'puppies', 'kitten*', 'donkey*', 'pony', 'horse*', 'rehabilitat*'],
  'clean-energy': ['solar', 'wind', 'renewabl*', 'clean energy', 'battery', 'batteries', 'heat pump*', 'geothermal', 'hydro*', 'electric bus*', 'electric vehicle*', 'emission*', 'carbon', 'grid', 'energy'],
  conservation: ['conserv*', 'protect*', 'restor*', 'rewild*', 'reforest*', 'habitat*', 'wetland*', 'nature reserve', 'endangered', 'reintroduc*', 'biodiversity', 'tree*', 'forest*', 'meadow*', 'peat*'],
  medicine: ['medic*', 'treatment*', 'therap*', 'vaccin*', 'drug*', 'clinic*', 'doctor*', 'nurse*', 'cure*', 'trial result*', 'surgeon*', 'diagnos*', 'hearing', 'sight'],
  'good-policy': ['policy', 'law', 'ban', 'bans', 'council*', 'government', 'minister*', 'parliament', 'city hall', 'mayor', 'funding', 'scheme', 'programme', 'program', 'initiative', 'free school meals', 'four-day week'],
  cities: ['city', 'cities', 'urban', 'street*', 'park', 'parks', 'bike lane*', 'cycle lane*', 'tram*', 'bus', 'buses', 'transit', 'pedestrian*', 'square', 'housing', 'neighbourhood*', 'neighborhood*'],
  access: ['access*', 'wheelchair*', 'disab*', 'blind', 'deaf', 'sign language', 'braille', 'inclusive', 'free', 'affordable', 'ramp*', 'step-free'],
  recycling: ['recycl*', 'reuse*', 'repair*', 'upcycl*', 'compost*', 'plastic*', 'waste', 'refill*', 'second-hand', 'circular'],
  jobs: ['job*', 'hiring', 'hires', 'apprentice*', 'employ*', 'wage*', 'training', 'career*', 'cooperative', 'co-op', 'four-day week', 'workers'],
  food: ['food', 'recipe*', 'bak*', 'bread', 'cook*', 'chef*', 'kitchen*', 'harvest*', 'orchard*', 'cheese', 'soup', 'meal*', 'cake*', 'apple*', 'honey', 'tea', 'coffee', 'pumpkin*', 'vegetable*'],
  art: ['art', 'arts', 'artist*', 'mural*', 'paint*', 'sculpt*', 'gallery', 'galleries', 'museum*', 'exhibit*', 'drawing*', 'photograph*', 'film*', 'theatre', 'theater', 'dance*'],
  music: ['music*', 'song*', 'choir*', 'orchestra*', 'concert*', 'band', 'piano*', 'violin*', 'sing*', 'opera', 'jazz', 'festival*'],
  books: ['book*', 'librar*', 'read*', 'novel*', 'poet*', 'poem*', 'author*', 'literacy', 'story-time', 'storytelling', 'writer*'],
  gardening: ['garden*', 'allotment*', 'seed*', 'flower*', 'bloom*', 'plant*', 'orchard*', 'vegetable patch', 'greenhouse', 'tulip*', 'rose', 'roses'],
  design: ['design*', 'architect*', 'building*', 'bridge*', 'furniture', 'typeface*', 'home*', 'house*'],
  wellbeing: ['wellbeing', 'well-being', 'mental health', 'calm*', 'mindful*', 'sleep', 'walk*', 'exercise', 'yoga', 'lonel*', 'happiness', 'rest', 'nature walk*', 'swim*', 'run', 'running', 'marathon'],
  crafts: ['craft*', 'knit*', 'quilt*', 'sew*', 'pottery', 'potter*', 'weav*', 'woodwork*', 'carpent*', 'embroider*', 'crochet*', 'lego', 'model*'],
};

/** Flavor cue words; `grounded` is the fallback when nothing else scores. */
export const FLAVOR_TERMS: Record<string, readonly string[]> = {
  wonder: ['discover*', 'astonish*', 'wonder*', 'mysteri*', 'ancient', 'telescope', 'galax*', 'planet*', 'fossil*', 'dinosaur*', 'species', 'first look', 'glimpse', 'rare', 'aurora*', 'deep-sea', 'image*', 'spotted', 'sighting', 'new species', 'eclipse', 'comet', 'expedition*'],
  heartwarming: ['kindness', 'kind', 'volunteer*', 'donat*', 'stranger*', 'reunit*', 'rescu*', 'grandmother*', 'grandfather*', 'neighbou?r*', 'thank*', 'surprise*', 'generous', 'adopt*', 'gift*', 'friendship', 'hug*', 'birthday', 'community', 'helps', 'helping'],
  constructive: ['solv*', 'solution*', 'cuts', 'reduce*', 'reduc*', 'improv*', 'policy', 'scheme', 'programme', 'program', 'pilot', 'works', 'fix*', 'repair*', 'restor*', 'recycl*', 'renewabl*', 'solar', 'wind', 'clean', 'lower', 'lowest', 'fall*', 'drop*', 'expands', 'free', 'access', 'builds', 'rebuil*', 'affordable', 'new law', 'bans'],
  inspiring: ['record', 'first', 'milestone', 'achiev*', 'award*', 'wins', 'won', 'champion*', 'medal*', 'climb*', 'summit', 'graduat*', 'breakthrough', 'finish*', 'complet*', 'marathon', 'aged', 'oldest', 'youngest', 'dream'],
  light: ['festival*', 'giant', 'pumpkin*', 'cake*', 'puppy', 'puppies', 'kitten*', 'cat', 'cats', 'dog', 'dogs', 'duck*', 'dance*', 'fun', 'funny', 'playful', 'quirky', 'costume*', 'parade', 'snowman', 'lego', 'bak*', 'choir', 'picnic', 'knit*', 'silly', 'smile*', 'laugh*', 'otter*', 'penguin*'],
};

/** A tag to fall back on for each topic when no tag cue matched. */
export const TOPIC_DEFAULT_TAG: Record<string, string> = {
  science: 'exploration', technology: 'inventions', environment: 'conservation', nature: 'wildlife', health: 'wellbeing',
  community: 'neighbours', culture: 'art', learning: 'books', sport: 'wellbeing', economy: 'jobs',
};
