import type { TCourierProfile } from '../../../common/contracts/courier.ts';

// The demo community: one admin and 30 members with UK courier backgrounds.
export type DemoMember = {
  firstName: string;
  lastName: string;
  username: string;
  avatar: string;
  statusText: string;
  /** Issue 32: their courier profile, where they filled one in (the rest of it stays unset, shown to members). */
  courier?: Partial<TCourierProfile>;
};

export const DEMO_ADMIN_EMAIL = 'admin@kerbside.local';
export const DEMO_PASSWORD = 'Kerbside!2026';

// A person's name (issue 30): the banner greeted the admin as "Welcome to Kerbside, Kerbside!".
export const DEMO_ADMIN: DemoMember = {
  firstName: 'Rachel',
  lastName: 'Moss',
  username: 'kerbside_admin',
  avatar: 'team',
  statusText: 'Forum admin. Here to help, not to sell you anything.',
};

export const DEMO_MEMBERS: readonly DemoMember[] = [
  { firstName: 'Dave', lastName: 'Hollis', username: 'dave_multidrop', avatar: 'van', statusText: 'Multi-drop, Leeds depot', courier: { networks: ['evri'], networksVisibility: 'everyone', vehicle: 'van', area: 'LS', areaVisibility: 'everyone', yearsOnRoad: 9, yearsVisibility: 'everyone', engagement: 'self_employed' } },
  { firstName: 'Priya', lastName: 'Shah', username: 'priya_on_wheels', avatar: 'car', statusText: 'Amazon Flex blocks, Milton Keynes', courier: { networks: ['amazon-flex'], networksVisibility: 'everyone', vehicle: 'car', area: 'MK', engagement: 'self_employed' } },
  { firstName: 'Gareth', lastName: 'Price', username: 'gaz_transit', avatar: 'van', statusText: 'Owner driver, Transit Custom, Bristol', courier: { networks: ['dpd', 'citysprint'], networksVisibility: 'everyone', vehicle: 'van', area: 'BS', areaVisibility: 'everyone', yearsOnRoad: 14, engagement: 'owner_driver', engagementVisibility: 'everyone' } },
  { firstName: 'Siobhan', lastName: 'Kelly', username: 'shiv_delivers', avatar: 'local', statusText: 'Royal Mail OPG, Belfast', courier: { networks: ['royal-mail'], networksVisibility: 'everyone', area: 'BT', engagement: 'employed' } },
  { firstName: 'Tomasz', lastName: 'Nowak', username: 'tomek_dpd', avatar: 'parcel', statusText: 'DPD owner driver, Birmingham', courier: { networks: ['dpd'], networksVisibility: 'everyone', vehicle: 'van', area: 'B', yearsOnRoad: 6, yearsVisibility: 'everyone', engagement: 'owner_driver', engagementVisibility: 'everyone' } },
  { firstName: 'Kemi', lastName: 'Adeyemi', username: 'kemi_rides', avatar: 'bike', statusText: 'Deliveroo and Uber Eats, Manchester city centre', courier: { networks: ['deliveroo', 'uber-eats'], networksVisibility: 'everyone', vehicle: 'bike', vehicleVisibility: 'everyone', area: 'M' } },
  { firstName: 'Callum', lastName: 'Fraser', username: 'callum_sameday', avatar: 'express', statusText: 'Same-day courier, Glasgow to Edinburgh' },
  { firstName: 'Hannah', lastName: 'Webb', username: 'hannah_routes', avatar: 'logistics', statusText: 'Route planner for a small courier firm, Norwich' },
  { firstName: 'Imran', lastName: 'Qureshi', username: 'imran_q', avatar: 'car', statusText: 'Evri self-employed courier, Bradford', courier: { networks: ['evri'], networksVisibility: 'everyone', vehicle: 'car', area: 'BD', areaVisibility: 'everyone', yearsOnRoad: 3, engagement: 'self_employed', engagementVisibility: 'nobody' } },
  { firstName: 'Liam', lastName: "O'Connor", username: 'liam_yodel', avatar: 'parcel', statusText: 'Yodel multi-drop, Liverpool', courier: { networks: ['yodel'], networksVisibility: 'everyone', vehicle: 'van', area: 'L', yearsOnRoad: 5 } },
  { firstName: 'Sarah', lastName: 'Mitchell', username: 'sarah_ebike', avatar: 'bike', statusText: 'E-cargo bike courier, Cambridge' },
  { firstName: 'Marcus', lastName: 'Reid', username: 'big_marc_hgv', avatar: 'freight', statusText: 'Class 1 HGV, pallet network, Daventry' },
  { firstName: 'Jo', lastName: 'Turner', username: 'jo_the_van', avatar: 'van', statusText: 'Owner driver, Vivaro, Cardiff', courier: { networks: ['dpd', 'parcelforce'], vehicle: 'van', vehicleVisibility: 'everyone', area: 'CF', areaVisibility: 'everyone', yearsOnRoad: 11, yearsVisibility: 'everyone', engagement: 'owner_driver' } },
  { firstName: 'Ade', lastName: 'Okafor', username: 'ade_supervisor', avatar: 'team', statusText: 'Depot supervisor, East London' },
  { firstName: 'Fiona', lastName: 'Grant', username: 'fi_grant', avatar: 'warehouse', statusText: 'Warehouse shift lead, Doncaster' },
  { firstName: 'Neil', lastName: 'Barker', username: 'neil_bookkeeper', avatar: 'service', statusText: 'Bookkeeper for self-employed drivers, Reading' },
  { firstName: 'Chloe', lastName: 'Evans', username: 'chloe_rural', avatar: 'local', statusText: 'Rural rounds, Powys' },
  { firstName: 'Ravi', lastName: 'Patel', username: 'ravi_pf', avatar: 'parcel', statusText: 'Parcelforce contractor, Leicester' },
  { firstName: 'Ewan', lastName: 'Campbell', username: 'ewan_twoman', avatar: 'van', statusText: 'Sprinter, two-man furniture delivery, Aberdeen' },
  { firstName: 'Beth', lastName: 'Lloyd', username: 'beth_lloyd', avatar: 'car', statusText: 'Part-time Evri, school-hours rounds, Swansea', courier: { networks: ['evri'], networksVisibility: 'everyone', vehicle: 'car', area: 'SA', yearsOnRoad: 2 } },
  { firstName: 'Jamal', lastName: 'Hussain', username: 'jamal_flex', avatar: 'car', statusText: 'Amazon Flex and Stuart, Croydon', courier: { networks: ['amazon-flex', 'stuart'], networksVisibility: 'everyone', vehicle: 'ev', vehicleVisibility: 'everyone', area: 'CR' } },
  { firstName: 'Ollie', lastName: 'Brooks', username: 'ollie_b', avatar: 'bike', statusText: 'Just Eat rider, Brighton' },
  { firstName: 'Karen', lastName: 'Doyle', username: 'karen_depot', avatar: 'team', statusText: 'Ran a courier depot for 15 years, now consulting' },
  { firstName: 'Stefan', lastName: 'Ionescu', username: 'stefan_lhr', avatar: 'aviation', statusText: 'Airport cargo runs, Heathrow' },
  { firstName: 'Megan', lastName: 'Hughes', username: 'meg_medical', avatar: 'express', statusText: 'Medical courier, Sheffield' },
  { firstName: 'Paul', lastName: 'Whitaker', username: 'paulw_nottm', avatar: 'van', statusText: 'Owner driver, e-Transit, Nottingham', courier: { networks: ['dpd'], vehicle: 'ev', vehicleVisibility: 'everyone', area: 'NG', areaVisibility: 'everyone', yearsOnRoad: 8, engagement: 'owner_driver', engagementVisibility: 'everyone' } },
  { firstName: 'Aisha', lastName: 'Rahman', username: 'aisha_ema', avatar: 'aviation', statusText: 'Air freight handler, East Midlands Airport' },
  { firstName: 'Connor', lastName: 'Walsh', username: 'connor_new', avatar: 'parcel', statusText: 'Three weeks into DPD, Southampton', courier: { networks: ['dpd'], networksVisibility: 'everyone', vehicle: 'van', area: 'SO', yearsOnRoad: 0, yearsVisibility: 'everyone' } },
  { firstName: 'Lucy', lastName: 'Bennett', username: 'lucy_broker', avatar: 'service', statusText: 'Insurance broker for couriers, Manchester' },
  { firstName: 'Yusuf', lastName: 'Ahmed', username: 'yusuf_nights', avatar: 'logistics', statusText: 'Night trunking, Midlands hub' },
];
