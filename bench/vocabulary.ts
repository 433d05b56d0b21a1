// The words the bench data is written from. Order matters: CONTENT_WORDS is drawn with a Zipf law by
// rank, so the first words are in most posts and the last ones in a few per cent. 'delivery' sits at
// rank 10 on purpose: it ends up in roughly half of the posts, the bench's "common word". The "rare
// word", 'tachograph', is not in these lists at all; generate.ts puts it in about 100 of 100 000 posts.

export const COMMON_WORD = 'delivery';
export const RARE_WORD = 'tachograph';

export const CONTENT_WORDS = [
  'parcel', 'van', 'driver', 'drop', 'route', 'depot', 'customer', 'day', 'rate', 'delivery',
  'work', 'time', 'money', 'fuel', 'miles', 'hours', 'round', 'scanner', 'address', 'door',
  'week', 'pay', 'invoice', 'insurance', 'contract', 'network', 'manager', 'load', 'stop', 'diesel',
  'parcels', 'drivers', 'deliveries', 'drops', 'vans', 'road', 'job', 'area', 'morning', 'evening',
  'Evri', 'DPD', 'Yodel', 'Amazon', 'Flex', 'Royal', 'Mail', 'Parcelforce', 'DHL', 'UPS',
  'tax', 'HMRC', 'expenses', 'mileage', 'lease', 'service', 'tyres', 'brakes', 'MOT', 'garage',
  'photo', 'signature', 'neighbour', 'safe', 'place', 'card', 'missed', 'redelivery', 'return', 'damaged',
  'app', 'phone', 'signal', 'battery', 'mount', 'dashcam', 'planner', 'sat', 'nav', 'postcode',
  'rural', 'city', 'london', 'manchester', 'birmingham', 'leeds', 'glasgow', 'bristol', 'cardiff', 'belfast',
  'rain', 'snow', 'ice', 'traffic', 'parking', 'ticket', 'fine', 'council', 'loading', 'bay',
  'owner', 'self', 'employed', 'subcontractor', 'agency', 'PAYE', 'holiday', 'sick', 'notice', 'union',
  'deduction', 'claim', 'missing', 'proof', 'GPS', 'timestamp', 'dispute', 'refund', 'complaint', 'support',
  'bike', 'ebike', 'scooter', 'rider', 'Deliveroo', 'Uber', 'Eats', 'Just', 'Eat', 'restaurant',
  'pallet', 'HGV', 'trunking', 'licence', 'Class', 'forklift', 'warehouse', 'picker', 'shift', 'nights',
  'weight', 'heavy', 'fragile', 'box', 'bag', 'sack', 'cage', 'trolley', 'tail', 'lift',
  'cover', 'goods', 'transit', 'liability', 'hire', 'reward', 'premium', 'excess', 'broker', 'quote',
  'theft', 'lock', 'alarm', 'tracker', 'dog', 'bite', 'aggressive', 'lone', 'safety', 'security',
  'accountant', 'VAT', 'threshold', 'allowance', 'capital', 'receipts', 'spreadsheet', 'assessment', 'filing', 'deadline',
  'electric', 'charging', 'range', 'charger', 'ULEZ', 'clean', 'air', 'zone', 'congestion', 'charge',
  'training', 'induction', 'uniform', 'badge', 'handheld', 'PDA', 'label', 'barcode', 'manifest', 'sort',
  'peak', 'christmas', 'black', 'friday', 'overflow', 'volume', 'rescue', 'helper', 'second', 'man',
  'sprinter', 'movano', 'crafter', 'vivaro', 'berlingo', 'luton', 'tipper', 'roof', 'rack', 'bulkhead',
  'courier', 'logistics', 'freight', 'express', 'same', 'next', 'timed', 'urgent', 'medical', 'legal',
  'contractors', 'handball', 'clipboard', 'tachometer', 'odometer', 'hi', 'vis', 'gloves', 'boots', 'flask',
] as const;

/** Small words that make the text read like text; the 'english' configuration drops most of them. */
export const FILLER_WORDS = [
  'the', 'a', 'to', 'and', 'of', 'in', 'on', 'for', 'is', 'it', 'with', 'at', 'my', 'we', 'they',
  'but', 'so', 'this', 'that', 'was', 'have', 'just', 'about', 'every', 'again', 'still', 'really', 'anyone', 'else', 'got',
] as const;

export const NETWORKS = ['Evri', 'DPD', 'Yodel', 'Amazon Flex', 'Royal Mail', 'Parcelforce', 'DHL', 'UPS', 'FedEx', 'APC', 'CitySprint', 'Gophr', 'Stuart', 'Deliveroo', 'Uber Eats', 'Just Eat'] as const;

export const CITIES = ['London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow', 'Bristol', 'Cardiff', 'Belfast', 'Liverpool', 'Sheffield', 'Newcastle', 'Nottingham', 'Leicester', 'Edinburgh', 'Southampton', 'Norwich'] as const;

export const TITLE_TEMPLATES = [
  '{network} cutting rates again in {city}',
  'Is {network} worth it round {city}?',
  'Best van for multi-drop in {city}?',
  'Deduction from {network} for a parcel I delivered',
  'Insurance quote doubled this year',
  'How many drops a day on {network}?',
  'New to courier work in {city}: where to start',
  'Dashcam recommendations for a {network} round',
  'Self assessment: what can I claim as a driver?',
  'Dog bit me on a {network} drop in {city}',
  'Parking tickets on the round: who pays?',
  'Peak season volumes at the {city} depot',
  'Electric van range in winter on {network} work',
  'Route planner apps compared',
  'Owner driver contracts with {network}: read the small print',
  'Day rate or per parcel in {city}?',
  'Van stolen outside the {city} depot',
  'Scanner keeps crashing on the {network} app',
  'ULEZ and the old diesel van',
  'Looking for subcontract work around {city}',
] as const;

/** Titles for the few posts that carry the rare word in their title. */
export const RARE_TITLES = [
  'Tachograph rules for a 3.5t van with a trailer?',
  'Digital tachograph card renewal: how long did yours take?',
  'Do I need a tachograph on a Luton doing {network} work?',
] as const;

/** A sentence that carries the rare word in the body of a post. */
export const RARE_SENTENCE = 'Had the tachograph checked at the garage and it was out by a few minutes.';
