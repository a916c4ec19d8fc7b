// The word lists of the local author's text analysis (text.ts): stopwords, the nouns that make a
// phrase a place, a person or a time, and the words of each tone. Parts of speech and verb forms
// come from compromise (read.ts). Data only.

const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

export const STOPWORDS = set(`
the a an and or but if then so of in on at to into onto from by with without for as is are was were be been being am
it its this that these those there here he she they we you i me him her them us my your his their our who whom whose
which what when where why how not no nor all any some each every more most other such only own same than too very can
could will would shall should may might must do does did done have has had just also yet after before while until about
above below over under again once out up down off through between during because though although one two three said says
say like within upon toward towards across beneath behind beyond near around along past inside against among amid via
now never ever always still even much many few lot lots something nothing anything everything someone anyone everyone
himself herself itself themselves myself yourself ourselves whose whoever whatever finally suddenly slowly quickly
named called known
`);

/** First words that make a capitalised run a place name ("Port Ellis", "New Lisbon", "Lake Ohrid"). */
export const PLACE_NAME_HEADS = set(
  "port new fort mount mt lake cape san santa los las el la north south east west upper lower old great little isle glen",
);

/** Prepositions after which a determiner phrase is a place unless its head says otherwise. */
export const SPATIAL = set(
  "in at into inside through across beneath under near beyond within onto around along behind past toward towards over among",
);
export const PLACE_NOUNS = set(`
forest woods wood jungle grove orchard garden park meadow field fields farm valley canyon gorge cliff cliffs mountain
mountains peak hill hills ridge desert dunes oasis swamp marsh bog moor moors lake river stream creek waterfall sea ocean
shore coast beach bay harbor harbour port dock docks pier quay island islands reef cave caves cavern grotto tunnel tunnels
mine mines well city town village hamlet capital street streets alley lane road roads highway square market bazaar plaza
station platform train subway metro airport bridge tower towers lighthouse castle fortress citadel keep palace manor mansion
house home cottage cabin hut inn tavern pub hotel bar cafe restaurant kitchen cellar attic basement library archive archives
museum gallery school academy university college hospital asylum clinic laboratory lab factory workshop forge mill warehouse
office courtroom court prison jail dungeon crypt tomb graveyard cemetery church chapel cathedral temple shrine monastery abbey
ruins ruin camp base bunker outpost colony planet moon moons spaceship starship ship boat vessel submarine deck hold bridge
observatory arena stadium theater theatre circus carnival fair throne hall halls chamber room rooms corridor stairs staircase
rooftop roof roofs balcony courtyard gate gates wall walls maze labyrinth sewer sewers canal canals wasteland tundra glacier
ice volcano crater nebula galaxy space underworld realm kingdom empire country homeland frontier border wilderness sanctuary
`);

export const ROLE_NOUNS = set(`
detective captain queen king prince princess knight witch wizard sorcerer sorceress mage thief pirate sailor soldier doctor
nurse scientist robot android girl boy woman man child children stranger traveler traveller wanderer hunter farmer merchant
priest monk nun ghost spirit dragon fox wolf cat dog bear owl raven crow horse sister brother mother father daughter son
grandmother grandfather grandma grandpa friend friends lover widow orphan baker smith blacksmith guard guards spy assassin
courier pilot astronaut explorer archaeologist librarian teacher student inventor engineer mechanic musician painter poet
writer journalist reporter officer sheriff outlaw cowboy samurai ninja monster creature alien aliens giant dwarf elf fairy
mermaid vampire zombie emperor empress duke duchess lord lady chef cook gardener miner diver ranger shepherd heir
apprentice mentor crew keeper keepers kid kids hermit oracle prophet healer warrior hero heroine villain rival twins family people
`);

/** Heads that make a phrase a time, not a thing ("a dark night"). */
export const TIME_NOUNS = set(
  "night nights day days morning mornings evening evenings dawn dusk noon midnight time times year years moment moments hour hours week weeks month months minute minutes second seconds while life lives way",
);

/** Words that lean a text towards a tone (text.ts `detectTone`). */
export const TONE_WORDS = {
  ominous: set(
    "dark darkness night shadow shadows blood death dead murder ghost ghosts haunted curse cursed fear dread grim crypt tomb grave doom poison monster nightmare black cold rot ruin",
  ),
  bright: set(
    "sun sunny summer laugh laughter joy festival gold golden bright light warm spring picnic bloom flowers sweet happy celebration dance song party",
  ),
  wistful: set(
    "rain grief lost memory memories alone lonely autumn letter farewell goodbye missing mourning tears old forgotten remember longing empty winter",
  ),
  wondrous: set(
    "magic magical star stars dream dreams wonder crystal spell enchanted fairy dragon moon aurora myth legend secret hidden ancient cosmic nebula",
  ),
  tense: set("chase escape war battle hunt fire storm race heist alarm siege attack danger explosion bomb fight trap deadline pursuit gun"),
};
