/**
 * The reference lists of Trinidad and Tobago (DESIGN §6) and the school's houses and classes,
 * seeded by migration 002.
 */

const POS = 'Port of Spain City Corporation';
const SFC = 'San Fernando City Corporation';
const ARI = 'Arima Borough Corporation';
const CHA = 'Chaguanas Borough Corporation';
const PTF = 'Point Fortin Borough Corporation';
const CTT = 'Couva–Tabaquite–Talparo Regional Corporation';
const DMA = 'Diego Martin Regional Corporation';
const MRC = 'Mayaro–Rio Claro Regional Corporation';
const PDE = 'Penal–Debe Regional Corporation';
const PRT = 'Princes Town Regional Corporation';
const SJL = 'San Juan–Laventille Regional Corporation';
const SGR = 'Sangre Grande Regional Corporation';
const SIP = 'Siparia Regional Corporation';
const TUP = 'Tunapuna–Piarco Regional Corporation';
const THA = 'Tobago House of Assembly';

/** The 14 municipal corporations of Trinidad and the Tobago House of Assembly. */
export const regionalCorporations: ReadonlyArray<{ title: string }> = [POS, SFC, ARI, CHA, PTF, CTT, DMA, MRC, PDE, PRT, SJL, SGR, SIP, TUP, THA].map(
  (title) => ({ title }),
);

const townsByCorporation: Record<string, string[]> = {
  [POS]: ['Port of Spain', 'Belmont', 'Woodbrook', 'St. James', 'Newtown', 'St. Clair', 'East Dry River', 'Gonzales', 'Cocorite', 'Sea Lots'],
  [SFC]: ['San Fernando', 'Marabella', 'Gulf View', 'Pleasantville', 'Vistabella', 'Cocoyea', 'Mon Repos', 'Les Efforts'],
  [ARI]: ['Arima', 'Malabar', 'La Horquetta', 'Santa Rosa', 'Mount Pleasant'],
  [CHA]: ['Chaguanas', 'Endeavour', 'Felicity', 'Enterprise', 'Montrose', 'Edinburgh 500', 'Lange Park', 'Charlieville'],
  [PTF]: ['Point Fortin', 'Techier', 'Egypt Village', 'Cap-de-Ville', 'Mahaica'],
  [CTT]: [
    'Couva',
    'California',
    'Claxton Bay',
    'Point Lisas',
    'Preysal',
    'Freeport',
    'Gran Couva',
    'Tabaquite',
    'Talparo',
    'Brasso Seco',
    'Carapichaima',
    'Waterloo',
    'Balmain',
    'Calcutta Settlement',
    'Mamoral',
  ],
  [DMA]: ['Diego Martin', 'Petit Valley', 'Carenage', 'Chaguaramas', 'Maraval', 'Westmoorings', 'Glencoe', 'Four Roads', 'Cascade', 'Paramin'],
  [MRC]: ['Mayaro', 'Rio Claro', 'Guayaguayare', 'Biche', 'Tableland', 'Ecclesville', 'Pierreville'],
  [PDE]: ['Penal', 'Debe', 'Siparia Road', 'Barrackpore', 'Rochard Douglas', 'Wellington', 'St. Julien'],
  [PRT]: ['Princes Town', 'Moruga', 'Lengua', 'Indian Walk', 'Hindustan', 'Friendship', 'New Grant', 'Tableland Road', 'Fifth Company'],
  [SJL]: ['San Juan', 'Laventille', 'Barataria', 'Morvant', 'Aranguez', 'Petit Bourg', 'Champs Fleurs', 'Maracas Bay', 'Santa Cruz', 'Beetham Gardens'],
  [SGR]: ['Sangre Grande', 'Toco', 'Matura', 'Valencia', 'Manzanilla', 'Cumana', 'Grande Riviere', 'Fishing Pond', 'Guaico', 'Tamana'],
  [SIP]: ['Siparia', 'Fyzabad', 'La Brea', 'Erin', 'Cedros', 'Icacos', 'Santa Flora', 'Palo Seco', 'Avocat', 'Quarry Village'],
  [TUP]: [
    'Tunapuna',
    'St. Augustine',
    'St. Joseph',
    'Curepe',
    'Piarco',
    'Arouca',
    "D'Abadie",
    'Maloney',
    'Trincity',
    'Macoya',
    'Tacarigua',
    'Caroni',
    'Maracas Valley',
    'Blanchisseuse',
    'El Dorado',
    'Valsayn',
    'Cunupia',
    'Bon Air',
  ],
  [THA]: [
    'Scarborough',
    'Plymouth',
    'Roxborough',
    'Charlotteville',
    'Speyside',
    'Canaan',
    'Bon Accord',
    'Crown Point',
    'Buccoo',
    'Moriah',
    'Black Rock',
    'Signal Hill',
    'Lambeau',
    'Mason Hall',
    'Castara',
  ],
};

/** Towns and villages with the corporation they fall in, sorted by name. */
export const towns: ReadonlyArray<{ town_name: string; regional_corporation: string }> = Object.entries(townsByCorporation)
  .flatMap(([corporation, names]) => names.map((town_name) => ({ town_name, regional_corporation: corporation })))
  .sort((a, b) => a.town_name.localeCompare(b.town_name));

export const religions: ReadonlyArray<{ code: string; religion: string }> = [
  { code: 'RC', religion: 'Roman Catholic' },
  { code: 'ANG', religion: 'Anglican' },
  { code: 'HIN', religion: 'Hindu' },
  { code: 'MUS', religion: 'Muslim' },
  { code: 'PRE', religion: 'Presbyterian' },
  { code: 'PEN', religion: 'Pentecostal / Evangelical / Full Gospel' },
  { code: 'SSB', religion: 'Spiritual Shouter Baptist' },
  { code: 'BAP', religion: 'Baptist (other)' },
  { code: 'SDA', religion: 'Seventh-day Adventist' },
  { code: 'MET', religion: 'Methodist' },
  { code: 'MOR', religion: 'Moravian' },
  { code: 'JW', religion: "Jehovah's Witness" },
  { code: 'ORI', religion: 'Orisha' },
  { code: 'RAS', religion: 'Rastafarian' },
  { code: 'OTH', religion: 'Other' },
  { code: 'NON', religion: 'None' },
];

/** The ethnic groups of the Trinidad and Tobago census. */
export const ethnicGroups: ReadonlyArray<{ id: string; group_type: string }> = [
  'African',
  'East Indian',
  'Mixed – African/East Indian',
  'Mixed – Other',
  'Chinese',
  'Indigenous',
  'Portuguese',
  'Syrian/Lebanese',
  'White/Caucasian',
  'Other',
  'Not Stated',
].map((group_type, index) => ({ id: String(index + 1), group_type }));

export const houses: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'A', name: 'St. Anne' },
  { id: 'B', name: 'St. Bernadette' },
  { id: 'C', name: 'St. Catherine' },
  { id: 'D', name: 'St. Dominic' },
];

/** Forms 1 to 5, five classes each: 1A … 5E. */
export const formClasses: ReadonlyArray<{ id: string; form_level: number }> = [1, 2, 3, 4, 5].flatMap((form_level) =>
  ['A', 'B', 'C', 'D', 'E'].map((letter) => ({ id: `${form_level}${letter}`, form_level })),
);

export const primarySchools: ReadonlyArray<{ name: string; town_name: string }> = [
  ["Arima Girls' R.C. School", 'Arima'],
  ['Arima Boys R.C. School', 'Arima'],
  ['Tranquillity Government Primary School', 'Port of Spain'],
  ['Newtown Girls R.C. School', 'Newtown'],
  ['Belmont Girls R.C. School', 'Belmont'],
  ['St. Joseph Government Primary School', 'St. Joseph'],
  ['Curepe Presbyterian School', 'Curepe'],
  ['Tunapuna A.C. Primary School', 'Tunapuna'],
  ['St. Augustine Girls Government Primary', 'St. Augustine'],
  ['Chaguanas Government Primary School', 'Chaguanas'],
  ['Chaguanas Presbyterian School', 'Chaguanas'],
  ['Montrose Vedic School', 'Montrose'],
  ['Couva Anglican School', 'Couva'],
  ['California A.S.J.A. Primary School', 'California'],
  ['San Fernando Boys R.C. School', 'San Fernando'],
  ["St. Gabriel's Girls R.C. School", 'San Fernando'],
  ['Marabella Methodist School', 'Marabella'],
  ['Point Fortin R.C. School', 'Point Fortin'],
  ['Siparia Hindu School', 'Siparia'],
  ['Fyzabad Anglican School', 'Fyzabad'],
  ['La Brea R.C. School', 'La Brea'],
  ['Penal Government Primary School', 'Penal'],
  ['Debe Hindu School', 'Debe'],
  ['Princes Town Presbyterian School No. 1', 'Princes Town'],
  ['Moruga R.C. School', 'Moruga'],
  ['Rio Claro Government Primary School', 'Rio Claro'],
  ['Mayaro R.C. School', 'Mayaro'],
  ['Sangre Grande Government Primary School', 'Sangre Grande'],
  ['Toco Anglican School', 'Toco'],
  ['Valencia Government Primary School', 'Valencia'],
  ['Diego Martin Government Primary School', 'Diego Martin'],
  ['Petit Valley Girls R.C. School', 'Petit Valley'],
  ['Maraval R.C. School', 'Maraval'],
  ['Carenage Girls Government Primary', 'Carenage'],
  ['San Juan Government Primary School', 'San Juan'],
  ['Barataria R.C. School', 'Barataria'],
  ['Morvant Anglican School', 'Morvant'],
  ['Laventille Girls Government Primary', 'Laventille'],
  ['Arouca Government Primary School', 'Arouca'],
  ['Scarborough Methodist Primary School', 'Scarborough'],
  ['Roxborough Anglican School', 'Roxborough'],
  ['Bon Accord Government Primary School', 'Bon Accord'],
].map(([name, town_name]) => ({ name, town_name }));
