// The forum's categories, created on every empty database (demo or not). Colours are Tailwind 700/800
// shades: each reads as text on white at WCAG AA (4.5:1 or better; checked by the seed tests).
// Multi-drop is where drivers fear for their rounds when they speak: it is open to anonymous posts (issue 32).
export type SeedCategory = { slug: string; name: string; description: string; color: string; isQa?: boolean; allowAnonymous?: boolean };

export const CATEGORIES = [
  {
    slug: 'newcomers',
    name: 'Newcomers',
    description: 'New to courier work or to Kerbside? Introduce yourself and ask the questions everyone asks in their first month.',
    color: '#047857',
  },
  {
    slug: 'owner-drivers',
    name: 'Owner Drivers',
    description: 'Running your own van and your own books: contracts, customers, margins and the reality of being your own boss.',
    color: '#1d4ed8',
  },
  {
    slug: 'multi-drop-parcel-networks',
    name: 'Multi-drop & Parcel Networks',
    description: 'Evri, DPD, Yodel, Amazon Flex, Royal Mail, Parcelforce and the rest: depots, routes, scanners and drop counts.',
    color: '#c2410c',
    allowAnonymous: true,
  },
  {
    slug: 'food-delivery',
    name: 'Food Delivery',
    description: 'Deliveroo, Uber Eats and Just Eat riders and drivers: fees, zones, restaurants and keeping on the right side of the app.',
    color: '#be123c',
  },
  {
    slug: 'vans-vehicles',
    name: 'Vans & Vehicles',
    description: 'Buying, leasing, servicing and fixing the vans, cars, e-bikes and scooters that keep the drops moving.',
    color: '#4338ca',
  },
  {
    slug: 'insurance',
    name: 'Insurance',
    description: 'Hire and reward, goods in transit and public liability: what cover you need, what it costs and who actually pays out.',
    color: '#0f766e',
    // Questions with right answers (issue 33): a reply can be accepted as the answer.
    isQa: true,
  },
  {
    slug: 'tax-hmrc',
    name: 'Tax & HMRC',
    description: 'Self assessment, allowable expenses, mileage versus actual costs, VAT and employment status for self-employed drivers.',
    color: '#7e22ce',
    // Questions with right answers (issue 33): a reply can be accepted as the answer.
    isQa: true,
  },
  {
    slug: 'pay-rates',
    name: 'Pay & Rates',
    description: 'Rates per drop, per route and per hour: what the networks and clients really pay, and how to push for more.',
    color: '#15803d',
  },
  {
    slug: 'safety-security',
    name: 'Safety & Security',
    description: 'Staying safe on the road and on the doorstep: night drops, dogs, van theft, lone working and dealing with aggression.',
    color: '#b91c1c',
  },
  {
    slug: 'jobs-work-wanted',
    name: 'Jobs & Work Wanted',
    description: 'Routes, subcontract work and driver vacancies offered and wanted across the UK, posted by the people doing the hiring.',
    color: '#a16207',
  },
  {
    slug: 'routes-apps-tech',
    name: 'Routes, Apps & Tech',
    description: 'Route planners, scanner apps, phone mounts, dashcams and the tech that saves minutes on every drop.',
    color: '#86198f',
  },
  {
    slug: 'freight-hgv-pallets',
    name: 'Freight, HGV & Pallets',
    description: 'Pallet networks, trunking, HGV licences and tachographs for drivers moving the heavier stuff.',
    color: '#57534e',
  },
  {
    slug: 'news-industry',
    name: 'News & Industry',
    description: 'Industry news, regulation, clean air zones, strikes and network changes, and what they mean for drivers on the ground.',
    color: '#334155',
  },
  {
    slug: 'off-topic',
    name: 'Off Topic',
    description: 'Everything else: banter, lunch stops, podcasts for the road and life outside the van.',
    color: '#0369a1',
  },
] as const satisfies readonly SeedCategory[];

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
