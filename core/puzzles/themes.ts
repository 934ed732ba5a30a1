/**
 * Curated word-search themes: used when the model is unavailable or its proposal is thin (SPEC.md
 * rule 4). Each theme has 10 calm, family-friendly words of 3 to 11 letters A-Z, none hidden inside
 * another, so every one survives `cleanWords`; the day's grid takes 8 of them.
 */
import type { WordSearchProposal } from '../domain/puzzle-grid.ts';

/** Every curated theme. */
export const CURATED_THEMES: readonly WordSearchProposal[] = [
  { theme: 'In the garden', words: ['TULIP', 'DAISY', 'SHOVEL', 'COMPOST', 'SEEDLING', 'TROWEL', 'HEDGE', 'BLOSSOM', 'WATERING', 'BEETLE'] },
  { theme: 'By the sea', words: ['SHELL', 'WAVES', 'HARBOUR', 'SEAGULL', 'PEBBLE', 'LIGHTHOUSE', 'SANDCASTLE', 'TIDE', 'ROCKPOOL', 'DUNE'] },
  { theme: 'Night sky', words: ['MOON', 'COMET', 'GALAXY', 'ORBIT', 'PLANET', 'METEOR', 'NEBULA', 'TELESCOPE', 'ECLIPSE', 'AURORA'] },
  { theme: 'Baking day', words: ['FLOUR', 'BUTTER', 'WHISK', 'OVEN', 'MUFFIN', 'SCONE', 'YEAST', 'ROLLING', 'SPRINKLES', 'CINNAMON'] },
  { theme: 'Forest walk', words: ['OAK', 'FERN', 'MOSS', 'ACORN', 'SQUIRREL', 'BRACKEN', 'PINECONE', 'WOODPECKER', 'TRAIL', 'CANOPY'] },
  { theme: 'Music room', words: ['PIANO', 'VIOLIN', 'DRUM', 'FLUTE', 'CHORUS', 'MELODY', 'RHYTHM', 'TRUMPET', 'HARP', 'CELLO'] },
  { theme: 'Farmyard friends', words: ['COW', 'SHEEP', 'GOAT', 'PIGLET', 'ROOSTER', 'DONKEY', 'TRACTOR', 'BARN', 'HAYSTACK', 'DUCKLING'] },
  { theme: 'Rainy day', words: ['PUDDLE', 'UMBRELLA', 'WELLIES', 'DRIZZLE', 'RAINBOW', 'CLOUD', 'RAINCOAT', 'SPLASH', 'STORM', 'COCOA'] },
  { theme: 'Snow day', words: ['SLED', 'MITTEN', 'SNOWMAN', 'ICICLE', 'IGLOO', 'SCARF', 'FROST', 'BLIZZARD', 'FLAKE', 'SKATES'] },
  { theme: 'Picnic', words: ['BASKET', 'BLANKET', 'SANDWICH', 'LEMONADE', 'APPLE', 'MEADOW', 'CHEESE', 'GRAPES', 'NAPKIN', 'SUNSHINE'] },
  { theme: 'Library', words: ['STORY', 'SHELF', 'NOVEL', 'POETRY', 'ATLAS', 'READER', 'CHAPTER', 'AUTHOR', 'QUIET', 'BOOKMARK'] },
  { theme: 'Birdsong', words: ['ROBIN', 'WREN', 'SPARROW', 'FINCH', 'THRUSH', 'SWALLOW', 'OWL', 'STARLING', 'BLACKBIRD', 'NEST'] },
  { theme: 'Orchard', words: ['PEAR', 'PLUM', 'CHERRY', 'APRICOT', 'LADDER', 'HARVEST', 'CIDER', 'BRANCH', 'QUINCE', 'PEACH'] },
  { theme: 'Kitchen table', words: ['KETTLE', 'TEAPOT', 'SPOON', 'LADLE', 'SAUCER', 'TOASTER', 'COLANDER', 'APRON', 'JAR', 'PLATTER'] },
  { theme: 'Coral reef', words: ['CORAL', 'TURTLE', 'CLOWNFISH', 'SPONGE', 'URCHIN', 'LAGOON', 'SNORKEL', 'MANTA', 'SEAWEED', 'OCTOPUS'] },
  { theme: 'Mountain trip', words: ['SUMMIT', 'VALLEY', 'GLACIER', 'CABIN', 'COMPASS', 'BOOTS', 'RIDGE', 'MARMOT', 'LAKE', 'PINES'] },
  { theme: 'Art class', words: ['EASEL', 'CANVAS', 'BRUSH', 'PALETTE', 'CRAYON', 'SKETCH', 'CLAY', 'PASTEL', 'COLLAGE', 'MURAL'] },
  { theme: 'Spring', words: ['LAMB', 'DAFFODIL', 'BUDS', 'SHOWER', 'CROCUS', 'NESTING', 'BLUEBELL', 'PRIMROSE', 'TADPOLE', 'CATKIN'] },
  { theme: 'Summer', words: ['BEACH', 'SUNHAT', 'ICECREAM', 'HOLIDAY', 'BARBECUE', 'SANDALS', 'FIREFLY', 'POOL', 'KITE', 'MELON'] },
  { theme: 'Autumn', words: ['LEAVES', 'CONKER', 'PUMPKIN', 'HARVEST', 'SCARECROW', 'APPLES', 'MAPLE', 'CHESTNUT', 'BONFIRE', 'ACORN'] },
  { theme: 'Winter warmth', words: ['FIRESIDE', 'BLANKET', 'SLIPPERS', 'SOUP', 'CANDLE', 'KNITTING', 'HOTPOT', 'QUILT', 'SNUG', 'LANTERN'] },
  { theme: 'Pond life', words: ['FROG', 'NEWT', 'LILY', 'HERON', 'DRAGONFLY', 'REEDS', 'MINNOW', 'MOORHEN', 'DUCK', 'BULRUSH'] },
  { theme: 'Things that fly', words: ['KITE', 'BALLOON', 'GLIDER', 'BUTTERFLY', 'EAGLE', 'AIRPLANE', 'ROCKET', 'SEAGULL', 'FEATHER', 'DRONE'] },
  { theme: 'Breakfast', words: ['TOAST', 'PORRIDGE', 'HONEY', 'PANCAKE', 'JAM', 'CEREAL', 'OMELETTE', 'JUICE', 'CROISSANT', 'BAGEL'] },
  { theme: 'Colours', words: ['SCARLET', 'AMBER', 'VIOLET', 'TEAL', 'IVORY', 'CRIMSON', 'LILAC', 'OLIVE', 'INDIGO', 'SAFFRON'] },
  { theme: 'Gemstones', words: ['RUBY', 'EMERALD', 'SAPPHIRE', 'OPAL', 'TOPAZ', 'PEARL', 'GARNET', 'JADE', 'AMETHYST', 'QUARTZ'] },
  { theme: 'Savanna', words: ['LION', 'ZEBRA', 'GIRAFFE', 'ELEPHANT', 'HIPPO', 'CHEETAH', 'ACACIA', 'MEERKAT', 'RHINO', 'GAZELLE'] },
  { theme: 'Polar lands', words: ['PENGUIN', 'WALRUS', 'ICEBERG', 'NARWHAL', 'SEAL', 'TUNDRA', 'ARCTIC', 'PUFFIN', 'CARIBOU', 'SNOWY'] },
  { theme: 'Sports day', words: ['RELAY', 'SPRINT', 'MEDAL', 'HURDLE', 'BATON', 'SACK', 'TROPHY', 'CHEER', 'TEAM', 'FINISH'] },
  { theme: 'At the fair', words: ['CAROUSEL', 'CANDYFLOSS', 'RIBBON', 'PONY', 'PRIZE', 'BAND', 'PARADE', 'JUGGLER', 'POPCORN', 'LANTERNS'] },
  { theme: 'Herb patch', words: ['BASIL', 'MINT', 'THYME', 'PARSLEY', 'SAGE', 'CHIVES', 'ROSEMARY', 'DILL', 'OREGANO', 'LAVENDER'] },
  { theme: 'Kindness', words: ['THANKS', 'SMILE', 'HELPER', 'SHARING', 'GENTLE', 'HUG', 'WELCOME', 'FRIEND', 'CARING', 'PATIENCE'] },
  { theme: 'Inventions', words: ['WHEEL', 'PRINTING', 'COMPASS', 'BICYCLE', 'CAMERA', 'RADIO', 'VACCINE', 'BRIDGE', 'CLOCK', 'LENS'] },
  { theme: 'On the river', words: ['CANOE', 'PADDLE', 'OTTER', 'WEIR', 'BARGE', 'KINGFISHER', 'BANK', 'CURRENT', 'FERRY', 'WILLOW'] },
  { theme: 'Things we grow', words: ['CARROT', 'POTATO', 'LETTUCE', 'BEANS', 'ONION', 'PUMPKIN', 'RADISH', 'TOMATO', 'SPINACH', 'PEAS'] },
  { theme: 'Weather words', words: ['SUNNY', 'BREEZE', 'THUNDER', 'MIST', 'RAINBOW', 'HAIL', 'GUST', 'DRIZZLE', 'CLOUDY', 'FORECAST'] },
  { theme: 'Games night', words: ['CHESS', 'DICE', 'CARDS', 'PUZZLE', 'DOMINO', 'MARBLES', 'BINGO', 'CHECKERS', 'RIDDLE', 'CHARADES'] },
  { theme: 'Woodland animals', words: ['BADGER', 'FOX', 'HEDGEHOG', 'DEER', 'RABBIT', 'SQUIRREL', 'MOLE', 'DORMOUSE', 'STOAT', 'VOLE'] },
];
