import type { CategorySlug } from './categories.ts';

// Hand-written demo threads. `{name}` placeholders are filled per post (see makeVars in demo.ts), so one
// thread can be told in several towns and vans. Text is markdown.
//
// Issue 30: the demo is a newcomer's first impression, so each thread is a conversation people could
// have had: every reply answers the post or the reply it is under (`to`), in the order written, and the
// post's author answers some of them (`op`). Nothing is drawn from a pool of replies that fit anywhere.

/** One reply of a thread, in the order they were written. */
export type DemoReply = {
  text: string;
  /** The earlier reply of this thread it answers (its index); absent, it answers the post. */
  to?: number;
  /** Written by the post's author: their answer to a reply, or a follow-up on their own post. */
  op?: true;
  /** Written by whoever wrote that earlier reply (its index): the other side of a back and forth. */
  by?: number;
  /** Written days later (an update on how it turned out), not in the first rush of replies. */
  later?: true;
  /** Who it sounds like ("owner driver here"): written by one of them when one can. */
  writers?: readonly string[];
};

export type PostTemplate = {
  category: CategorySlug;
  titles: readonly string[];
  body: string;
  replies: readonly DemoReply[];
  /** Draws more downvotes. */
  controversial?: boolean;
  /** Who could have written it (usernames of DEMO_MEMBERS): the work it is about is theirs. Default: anyone. */
  writers?: readonly string[];
  /**
   * The networks `{network}` may be in this thread (default DEFAULT_NETWORKS): the ones the story fits
   * (a depot and a van round, a per-parcel rate, a scanner app), never the one the title already names.
   */
  networks?: readonly string[];
};

/** Every parcel network the demo names, spelt as the networks spell themselves. */
export const NETWORKS = ['Evri', 'DPD', 'Yodel', 'Amazon Flex', 'Royal Mail', 'Parcelforce', 'DHL', 'UPS', 'InPost'] as const;
/** Networks with depots and van rounds run by self-employed or contracted drivers. */
const VAN_NETWORKS = ['DPD', 'Yodel', 'DHL', 'Parcelforce'];
/** Networks that pay their couriers by the parcel or the drop. */
const PER_PARCEL = ['Evri', 'Yodel', 'DPD'];
/** Self-employed work through a network's app. */
const SELF_EMPLOYED = ['Evri', 'DPD', 'Yodel', 'Amazon Flex'];
export const DEFAULT_NETWORKS = ['Evri', 'DPD', 'Yodel', 'Amazon Flex', 'Royal Mail', 'Parcelforce', 'DHL', 'UPS'];

// Who writes what, by the work their status says they do (demo-members.ts).
/** Multi-drop van drivers on a network's rounds. */
const MULTI_DROP = ['dave_multidrop', 'tomek_dpd', 'liam_yodel', 'ravi_pf', 'connor_new', 'chloe_rural'];
/** Couriers in their own car. */
const CAR_COURIERS = ['priya_on_wheels', 'imran_q', 'beth_lloyd', 'jamal_flex'];
const FLEX = ['priya_on_wheels', 'jamal_flex'];
/** Everyone delivering parcels, self-employed. */
const PARCEL_COURIERS = [...MULTI_DROP, ...CAR_COURIERS];
/** Running their own van and customers. */
const OWNER_DRIVERS = ['gaz_transit', 'jo_the_van', 'ewan_twoman', 'paulw_nottm', 'callum_sameday', 'meg_medical', 'tomek_dpd'];
/** Everyone with a van of their own. */
const VAN_OWNERS = [...new Set([...OWNER_DRIVERS, ...MULTI_DROP])];
const RIDERS = ['kemi_rides', 'sarah_ebike', 'ollie_b'];
/** Self-employed, whatever they drive or ride. */
const SELF_EMPLOYED_PEOPLE = [...new Set([...VAN_OWNERS, ...CAR_COURIERS, ...RIDERS])];
const HGV = ['big_marc_hgv', 'yusuf_nights', 'ewan_twoman'];
/** Not driving yet, or only just. */
const NEW_TO_IT = ['fi_grant', 'aisha_ema', 'stefan_lhr', 'connor_new'];

export const POST_TEMPLATES: readonly PostTemplate[] = [
  // ── Pay & Rates ──────────────────────────────────────────────────────────────
  {
    category: 'pay-rates',
    networks: PER_PARCEL,
    writers: PARCEL_COURIERS,
    titles: ['{network} cutting rates again in {city}: {rate}p a parcel now', 'Is {rate}p a parcel with {network} worth it round {city}?', '{rate}p a drop from {network}. Am I mad to keep going?'],
    body: `Got the message this morning: from next month it's **{rate}p a parcel** on my round in {city}. That's down from what I started on, and nobody at the depot could tell me why.

Rough numbers for a normal day:

- {parcels} parcels, about {drops} stops
- {miles} miles, diesel at {fuel} a litre
- {hours} hours door to door including the load

After fuel and the van I reckon I'm clearing less than minimum wage on a bad day. Is anyone else seeing the same, or is it just our area?`,
    replies: [
      { text: 'Same letter here. They know there is always someone new willing to take the round.' },
      { text: 'Work out your hourly after *all* costs, not just fuel. When I did it properly I handed my notice in the same week.' },
      { text: 'Did it last night with the van, insurance and phone in. About £9 an hour on a normal day. Not great reading.', to: 1, op: true },
      { text: "That's about where I was. Have a look at what the local firms pay before you decide anything.", to: 2, by: 1 },
      { text: 'Ask for the rate card in writing. Half the time the depot manager is guessing.' },
      { text: 'Good shout. Emailed them for it this morning, will see what comes back.', to: 4, op: true },
      { text: 'At {rate}p you need dense drops. Rural rounds at that rate are a charity.' },
      { text: 'Ours is half villages. Same rate as the town rounds and twice the miles.', to: 6 },
      { text: 'Our rate went down too, but they tightened the round so the drops are closer. Still worse overall.' },
    ],
    controversial: true,
  },
  {
    category: 'pay-rates',
    networks: PER_PARCEL,
    writers: VAN_OWNERS,
    titles: ['What are you actually clearing per day after fuel?', 'Honest question: real take-home per day on multi-drop?', 'Day rate {dayRate} in {city}: good or bad?'],
    body: `Trying to settle an argument with my brother-in-law, who thinks we're all on £300 a day.

I'm on a day rate of **{dayRate}** in {city}. After diesel (about {miles} miles a day), insurance and the van lease I'm left with roughly half of that before tax.

Post yours if you're comfortable: network or client, day rate or per drop, and what's left after costs. No judgement, just want real numbers.`,
    replies: [
      { text: 'Per drop on {network}, averaging around £140 a day clear on a good week. Bad weeks are grim.', writers: PARCEL_COURIERS },
      { text: 'What counts as a bad week for you? Weather, or volume dropping?', to: 0 },
      { text: 'Volume. January and February the parcels just stop and the pay stops with them.', to: 1, by: 0 },
      { text: 'Anyone quoting £300 a day clear is either doing 14 hours or not counting the van.' },
      { text: 'Exactly what I told him. He still thinks I am hiding the money somewhere.', to: 3, op: true },
      { text: 'Owner driver with my own customers: better money, much worse stress. Cashflow is the killer.', writers: OWNER_DRIVERS },
      { text: 'Remember holiday and sick days. Divide what you earn in a year by 52, not by the weeks you worked.' },
      { text: 'That one hurt when I did it. Knocked another £20 off my "day rate".', to: 6 },
    ],
  },
  {
    category: 'pay-rates',
    networks: PER_PARCEL,
    writers: PARCEL_COURIERS,
    titles: ['{network} deducted £{deduction} for a "missing" parcel I have a photo of', 'Deductions for parcels marked delivered: how do you fight them?'],
    body: `Got £{deduction} taken off this week's invoice for a parcel the customer says never arrived. I've got the photo on the doorstep, GPS bang on the address and a timestamp.

Depot says it's "policy" and the claim is closed. Has anyone actually won one of these?

What I've done so far:

1. Emailed the depot with the photo and the scan record
2. Asked for the claim reference
3. Kept copies of everything

Next step? Small claims seems over the top for £{deduction} but it's the principle, and it's the third one this year.`,
    replies: [
      { text: 'Check your contract for the deduction clause. If it is not in there they cannot just take it.' },
      { text: 'Just checked. It says "losses caused by the contractor". A photo on the doorstep is not me causing anything.', to: 0, op: true },
      { text: 'Then put exactly that in writing and ask them to show how you caused it.', to: 1, by: 0 },
      { text: 'Email the regional manager, not the depot. Put it in writing and quote the photo timestamp.' },
      { text: 'I won one after about six weeks of emails. Persistence is the only thing that works.' },
      { text: 'Six weeks! Did they pay it back on the next invoice or separately?', to: 4, op: true },
      { text: 'On an invoice two weeks after they agreed, with no note. I only noticed because I was checking.', to: 5, by: 4 },
      { text: 'Start logging every one of these in a spreadsheet. Patterns are harder for them to ignore.' },
      { text: 'Money Claim Online is cheap for small amounts. Sometimes just sending the letter before action gets it paid.' },
      { text: 'Update: the regional manager refunded it after my second email, quoting the contract wording. Thanks all.', to: 3, op: true, later: true },
    ],
  },
  {
    category: 'pay-rates',
    networks: SELF_EMPLOYED,
    writers: PARCEL_COURIERS,
    titles: ['Peak season pay: is the {network} bonus worth the hours?', 'Christmas peak with {network}: how much did you really earn?'],
    body: `Peak is coming and {network} is offering a bonus per parcel over a target. Last year I did {hours}-hour days for six weeks and I'm honestly not sure the bonus covered the extra fuel and the wear on me.

For those who've done a few peaks:

- Did the bonus actually land on the invoice?
- How many parcels a day were you doing at the worst point?
- Would you do it again?`,
    replies: [
      { text: 'The bonus paid, but two weeks late and with no breakdown. Chase it early.' },
      { text: 'I did {parcels} a day at the worst. Never again without a second person in the van.', writers: MULTI_DROP },
      { text: 'How do you pay a second person without it eating the bonus?', to: 1, op: true },
      { text: 'My nephew, cash per day, only for the last three weeks. Still came out ahead because I finished two hours earlier.', to: 2, by: 1 },
      { text: 'Worth it if you treat it as a sprint and rest properly in January.' },
      { text: 'Take a lunch even when you think you can not afford the time. You make worse decisions after ten hours.' },
    ],
  },
  {
    category: 'pay-rates',
    networks: ['Amazon Flex'],
    writers: FLEX,
    titles: ['Hourly rate on Amazon Flex blocks in {city} lately?', 'Flex blocks in {city}: what are they paying per hour now?'],
    body: `Flex blocks round {city} seem to have dropped to about **{hourly} an hour** unless there's surge. A couple of years ago I could pick up blocks that worked out much better.

I use my own car, so fuel and wear are on me. Are people still finding it worth it, or moving to other apps? I'm doing it around a part-time job so I can't do early starts.`,
    replies: [
      { text: 'Surge is the only time it makes sense round here. Base rate blocks are for people with tiny cars.' },
      { text: 'Track your miles per block. Some "3-hour" blocks are 80 miles of driving.' },
      { text: 'Had one last week that was 70 miles for a 3-hour block. Never thought to check before.', to: 1, op: true },
      { text: 'I mix Flex with Stuart and it evens out. Never rely on one app.', writers: ['jamal_flex'] },
      { text: 'Is Stuart any good outside London? Never see it mentioned round here.', to: 3, op: true },
      { text: 'Patchy. Fine in the city centre, nothing out in the suburbs.', to: 4, by: 3 },
      { text: 'Evening blocks near me are better paid but the drops are in estates with no numbers on the doors.' },
    ],
  },

  // ── Owner Drivers ────────────────────────────────────────────────────────────
  {
    category: 'owner-drivers',
    writers: OWNER_DRIVERS,
    titles: ['Going it alone after {years} years on multi-drop: what I wish I knew', '{years} years as an owner driver: lessons for anyone thinking about it'],
    body: `After {years} years subcontracting I finally went fully independent this year with my own {van}. A few things nobody told me:

1. **Cashflow** is everything. Clients pay on 30 days if you're lucky and 60 if you're not.
2. Your first customers come from people who already know you. Tell every warehouse manager you've met.
3. Price per job, not per hour, and put fuel in the price.
4. Get proper **goods in transit** cover before the first job, not after.

Happy to answer questions if anyone is thinking about it.`,
    replies: [
      { text: 'Great list. I would add: keep a separate business account from day one.' },
      { text: 'Yes! My first year was one account and a shoebox of receipts. Never again.', to: 0, op: true },
      { text: 'How did you find your first regular contract? That is the bit I am stuck on.' },
      { text: 'A warehouse I used to collect from on multi-drop. Their own driver left and the manager remembered me. Ask everyone you know.', to: 2, op: true },
      { text: 'That is encouraging. I know a couple of places like that, might just go and ask.', to: 3, by: 2 },
      { text: 'The 60 days thing is so true. One late payer nearly finished me in my first year.' },
      { text: 'Invoice the day the job is done, with the PO number on it. Anything else gives them a reason to delay.' },
      { text: 'Good advice on pricing. Per hour just punishes you for being efficient.' },
    ],
  },
  {
    category: 'owner-drivers',
    writers: OWNER_DRIVERS,
    titles: ['How do you price a same-day job from {city} to {city2}?', 'Quote request for {city} to {city2}: how much would you charge?'],
    body: `Had an enquiry for a same-day run, {city} to {city2}, one pallet-sized box, collect 10am, deliver by 4pm, empty back.

I'm used to subcontracting where the price is set for me, so I've no feel for it. My costs are roughly:

- {van}, about 30 mpg
- diesel at {fuel}
- insurance and lease spread over the days I work

What would you quote, and do you charge for the return leg?`,
    replies: [
      { text: 'Always charge the return leg unless you have a backload lined up.' },
      { text: 'Even if the client says it is "on your way back"?', to: 0, op: true },
      { text: 'Especially then. Your way back is still your day.', to: 1, by: 0 },
      { text: 'Work out a per-mile figure that covers *everything* including your time and never go below it.' },
      { text: 'Courier exchanges will tell you the going rate, even if you do not take their jobs.' },
      { text: 'Add waiting time charges in writing. Same-day jobs love to keep you sat at the collection.' },
      { text: 'Quoted with the return leg and 15 minutes free waiting, then £15 each half hour. They said yes without a murmur. Thanks all.', to: 5, op: true, later: true },
    ],
  },
  {
    category: 'owner-drivers',
    writers: OWNER_DRIVERS,
    titles: ['Late paying client: 75 days and counting', 'Client will not pay an invoice from three months ago', 'Late paying client in {city}: how do I get my money?'],
    body: `A regular client owes me just over £2,000 for work done three months ago. Every time I chase it's "in the next payment run".

I don't want to lose them, but I can't keep funding their business out of my overdraft. What has worked for you?

I know about statutory late payment interest but I've never actually used it. Does adding it just end the relationship?`,
    replies: [
      { text: 'Late payment interest exists for exactly this. Most clients pay quickly once they see it on the statement.' },
      { text: 'Did it sour things with them afterwards?', to: 0, op: true },
      { text: 'One got a bit frosty, then paid on time forever after. The rest did not mention it.', to: 1, by: 0 },
      { text: 'Stop doing new work until the old invoices are paid. A good client will understand.' },
      { text: 'Call the accounts department directly, not your contact. They are often the ones who can release it.' },
      { text: 'This worked. Rang accounts, turned out my invoices were sat waiting for a PO number my contact never sent. Paid Friday.', to: 4, op: true },
      { text: 'Change your terms for them to 14 days going forward.' },
    ],
  },
  {
    category: 'owner-drivers',
    writers: OWNER_DRIVERS,
    titles: ['Taking on a second van and a driver: worth it?', 'Expanding from one van to two: any regrets?', 'Second {van} and a driver: worth the jump?'],
    body: `Work has picked up and I'm turning jobs away, so I'm thinking about a second {van} and a driver.

The maths looks OK on paper but I'm worried about:

- finding someone reliable
- insurance going up for any driver
- the van being off the road and me still paying for it

Anyone who's done the jump from one van to two, how did it go?`,
    replies: [
      { text: 'The driver is the whole game. A good one makes you money, a bad one costs you customers.' },
      { text: 'How did you find yours? Agencies, or word of mouth?', to: 0, op: true },
      { text: 'Word of mouth. Someone a customer recommended. The agency ones never lasted a month.', to: 1, by: 0 },
      { text: 'Get a quote for any-driver cover first. It was double what I expected.' },
      { text: 'Try subcontracting the overflow to someone you trust before committing to a second van.' },
      { text: 'That is a good halfway house. There is a lad I know who has his own van and quiet Fridays.', to: 4, op: true },
      { text: 'I went to two, then three, and went back to one. Less money, much more sleep.' },
    ],
  },

  // ── Multi-drop & Parcel Networks ─────────────────────────────────────────────
  {
    category: 'multi-drop-parcel-networks',
    networks: VAN_NETWORKS,
    writers: MULTI_DROP,
    titles: ['First week with {network} in {city}: is it always this chaotic?', 'Started with {network} on Monday. Is this normal?'],
    body: `Just finished my first week with {network} out of the {city} depot. Load times all over the place, a scanner that crashes when you need it most and a route that sends me past the same roundabout four times.

{parcels} parcels on Friday. I finished at 8pm.

Does it get better once you know the round, or is this just how it is? Any tips for the first month are welcome.`,
    replies: [
      { text: 'Gets better once you know the round. Week three is when it clicked for me.' },
      { text: 'Load your van in drop order even if it takes 20 minutes longer at the depot. You win it back tenfold.' },
      { text: 'Do you do it by street or by the drop numbers on the manifest?', to: 1, op: true },
      { text: 'By street, in the order you will actually drive it. The manifest order is the app guessing.', to: 2, by: 1 },
      { text: 'Write notes on problem addresses. Your future self will thank you.' },
      { text: 'Make friends with the loaders. They can make your morning easy or miserable.' },
      { text: 'Reorder the route yourself. The app has no idea that road is closed for gas works.' },
      { text: 'Week two done: home by 6:30 on Friday. Loading by street made the biggest difference.', to: 1, op: true, later: true },
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    networks: ['DPD', 'Yodel', 'Evri', 'Amazon Flex'],
    writers: PARCEL_COURIERS,
    titles: ['{network} scanner app keeps logging me out mid-round', 'Anyone else having {network} app problems this week?'],
    body: `Three times today the {network} app logged me out halfway down a street and I had to wait for it to sync before I could scan anything.

Depot says "restart your phone". Done that. Cleared the cache. Reinstalled.

Is there a known fix? I'm losing about half an hour a day to it, and that's unpaid.`,
    replies: [
      { text: 'Turn battery optimisation off for the app. Android kills it in the background.' },
      { text: 'That was it. Two days now without a single logout. Cheers.', to: 0, op: true },
      { text: 'It was a bad update. Ours settled down after a few days.' },
      { text: 'Keep a cheap second phone as a backup. Saved me more than once.' },
      { text: 'Log the outages with times. If it keeps happening you have evidence when the invoices are short.' },
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    networks: SELF_EMPLOYED,
    writers: PARCEL_COURIERS,
    titles: ['Safe place photos: how far do you go?', 'Customer says parcel "not in safe place" despite photo', '{network} safe place complaints: how far do you go with photos?'],
    body: `What does everyone do when nobody's in and there's no safe place listed? I've been taking photos showing the door number *and* the parcel but I still get complaints.

My current routine:

1. Knock, wait, knock again
2. Try a neighbour (and note the house number)
3. Safe place only if it is out of sight from the road
4. Card through the door either way

Is that overkill or not enough?`,
    replies: [
      { text: 'That is more than most do. Keep doing it; it protects you when claims come in.' },
      { text: 'Never use a wheelie bin. Collection day will get you.' },
      { text: 'Learned that one the hard way. Bin lorry came ten minutes after me.', to: 1 },
      { text: 'Photos with the door number in shot have saved me more deductions than I can count.' },
      { text: 'What do you do with flats, where there is no door number you can get in shot?', to: 3, op: true },
      { text: 'Photo of the flat door with the parcel, then one of the buzzer panel on the way out.', to: 4, by: 3 },
      { text: 'Neighbour with a name and number on the card. Customers calm down when they know exactly where it is.' },
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    networks: SELF_EMPLOYED,
    writers: PARCEL_COURIERS,
    titles: ['Royal Mail vs {network}: which is the better job?', 'Thinking of leaving {network} for Royal Mail'],
    body: `I've been self-employed with {network} for {years} years and I'm tempted by a Royal Mail job: less money on a good day, but holiday pay, a pension and a union.

For anyone who has done both: what is the day-to-day actually like? Is the workload fair, and how long did it take to get a permanent contract?`,
    replies: [
      { text: 'The security is worth a lot more than people think until they are ill for a month.' },
      { text: 'Workload varies hugely by office. Ask to speak to someone already on the delivery office floor.' },
      { text: 'Good idea. A neighbour works at our delivery office, I will ask him over the weekend.', to: 1, op: true },
      { text: 'I went the other way and regret it. The pension alone was worth thousands.' },
      { text: 'Would they have you back, do you think?', to: 3, op: true },
      { text: 'Applied last month. Start in the new year if the checks come back in time.', to: 4, by: 3 },
      { text: 'It is a very different pace. Less rushing, more walking.' },
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    networks: VAN_NETWORKS,
    writers: MULTI_DROP,
    titles: ['Large parcel days on {network}: how do you cope?', 'Bulky items on a multi-drop round: any tips?'],
    body: `Tuesdays on my {network} round are large-parcel day: flat-pack furniture, garden sets, dog food in 15 kg sacks. My {van} is rammed and my back is not thanking me.

What do you all do? Sack truck? Second person? Refuse anything over a certain weight?`,
    replies: [
      { text: 'A folding sack truck is the best £40 I ever spent.' },
      { text: 'Which one? Mine folded itself on the first kerb.', to: 0, op: true },
      { text: 'One with the pneumatic tyres and a proper latch. Look for a 150 kg rating.', to: 1, by: 0 },
      { text: 'Check the weight limit in your contract. Anything over it should be a two-man job.' },
      { text: 'Lift with your legs and do the big ones first while you are fresh.' },
      { text: 'Bulky items should pay more. If they do not, raise it every single week.' },
    ],
  },

  // ── Food Delivery ────────────────────────────────────────────────────────────
  {
    category: 'food-delivery',
    writers: RIDERS,
    titles: ['{app} fees in {city} have dropped to about {fee} a drop', 'Anyone else seeing lower {app} fees in {city}?'],
    body: `Since last month most of my {app} orders in {city} are paying around **{fee}**, even for longer trips. Friday and Saturday nights are OK, but weekday lunches are dead.

I'm on an e-bike so fuel isn't the problem, it's the waiting around at restaurants between orders.

Anyone multi-apping successfully? How do you handle two orders arriving at once?`,
    replies: [
      { text: 'Multi-apping is the only way it works now. Just be honest with the restaurants about timing.', writers: RIDERS },
      { text: 'Do you pause one app when you accept on the other, or risk it?', to: 0, op: true },
      { text: 'Pause. Two hot orders going opposite ways is how you get bad ratings.', to: 1, by: 0 },
      { text: 'Lunch is dead everywhere. I only do evenings now.' },
      { text: 'Decline the rubbish ones. The algorithm does not punish you as much as people think.' },
      { text: 'Same in my zone. Too many riders signed up over the summer.' },
    ],
  },
  {
    category: 'food-delivery',
    writers: RIDERS,
    titles: ['Restaurant waiting times killing my hourly on {app}', 'Waited 25 minutes for one order on {app} tonight'],
    body: `Waited 25 minutes at one restaurant tonight for an order that was "ready". Got paid {fee} for the whole job.

Does {app} ever pay for waiting time? Is there a way to report restaurants that always do this, or do you just avoid them?`,
    replies: [
      { text: 'Unassign after 10 minutes. Someone else will pick it up and you keep your evening.', writers: RIDERS },
      { text: 'Does unassigning not count against you?', to: 0, op: true },
      { text: 'Not that I have ever seen, and I do it a couple of times a week.', to: 1, by: 0 },
      { text: 'There is a waiting time report in the app, but I have never seen it pay anything.' },
      { text: 'Avoid that place. Every rider in my zone knows the two or three restaurants to skip.' },
    ],
  },
  {
    category: 'food-delivery',
    writers: RIDERS,
    titles: ['E-bike for {app}: which one and where to charge?', 'Switching from scooter to e-bike for deliveries'],
    body: `Thinking of moving from a 125cc scooter to an e-bike for {app} in {city}. No insurance or fuel, but I'm worried about range and battery safety after all the fires in the news.

What are people riding? And does anyone charge at work rather than at home?`,
    replies: [
      { text: 'Buy a legal 250 W, 15.5 mph bike from a proper shop. The throttle conversions are a fire and a fine waiting to happen.' },
      { text: 'Two batteries and you never worry about range.', writers: RIDERS },
      { text: 'How many hours do you get out of one?', to: 1, op: true },
      { text: 'About four on a cold night with the hills round here. The second one does the rest.', to: 2, by: 1 },
      { text: 'Never charge a cheap battery overnight in the hallway. Please.' },
      { text: 'Look into cycle-to-work schemes if you have any PAYE job as well. Big saving.' },
    ],
  },

  // ── Vans & Vehicles ──────────────────────────────────────────────────────────
  {
    category: 'vans-vehicles',
    writers: VAN_OWNERS,
    titles: ['Lease or buy: {van} for multi-drop?', 'Leasing {aVan} at {lease} a month: good deal?'],
    body: `Quoted **{lease} a month** for a new {van} on a three-year lease, 20k miles a year. Or I could buy a {vanAge}-year-old one with {mileage}k on the clock for cash.

Multi-drop does big miles, and I'm worried about excess mileage charges and end-of-lease damage bills. On the other hand, an old van off the road for a week costs me more than a year's lease difference.

What would you do?`,
    replies: [
      { text: 'End-of-lease damage charges are brutal for courier vans. Budget for them from day one.' },
      { text: 'Leasing only makes sense if the mileage allowance is realistic. Most multi-drop is 30k+ a year.' },
      { text: 'I am at about 28k, so 20k would not last. Good catch.', to: 1, op: true },
      { text: 'Ask for the 30k quote as well. It is often less of a jump than paying the excess.', to: 2, by: 1 },
      { text: 'Bought used, had it three years, no regrets. Find a good independent garage.' },
      { text: 'Whatever you do, have a plan for when it breaks. A hire van on standby saved my contract once.' },
      { text: 'Check whether the lease includes servicing. That changes the maths a lot.' },
    ],
  },
  {
    category: 'vans-vehicles',
    networks: VAN_NETWORKS,
    writers: VAN_OWNERS,
    titles: ['Electric van for multi-drop: real-world range in winter?', 'Anyone doing {network} in an electric van?'],
    body: `Looking at an electric van for my round in {city}: about {miles} miles a day, lots of stop-start.

Claimed range is fine, but I've heard winter range drops a lot and heater use eats it. Home charging is possible but public chargers near the depot are rubbish.

Anyone doing full multi-drop days electric? How do you find it?`,
    replies: [
      { text: 'Stop-start is where electric shines. My winter range is still fine for 120 miles.', writers: ['paulw_nottm'] },
      { text: 'Which van is that? The range figures are all over the place.', to: 0, op: true },
      { text: 'e-Transit. Get the bigger battery if you can stretch to it.', to: 1, by: 0 },
      { text: 'Home charging is the whole thing. Without it, I would not bother.' },
      { text: 'Preheat the cab while it is still plugged in. Makes a big difference in winter.' },
      { text: 'The running costs are lovely; the purchase price is not. Look at used ex-fleet ones.' },
    ],
  },
  {
    category: 'vans-vehicles',
    writers: VAN_OWNERS,
    titles: ['Clutch gone on my {van} at {mileage}k: normal?', '{van} dual mass flywheel and clutch quote: is this right?'],
    body: `Clutch started slipping last week, and the garage has quoted for a clutch *and* dual mass flywheel on my {van}: nearly £1,400. It's on {mileage}k miles, mostly multi-drop.

Is that a normal price? And is it worth asking about a solid flywheel conversion?`,
    replies: [
      { text: 'Multi-drop eats clutches. That mileage is about normal for a round like ours.' },
      { text: 'Get a second quote from an independent. Main dealers were £500 dearer for me.' },
      { text: 'Rang two. One was £1,050 with the flywheel. Booked in for Monday.', to: 1, op: true },
      { text: 'Ask them to keep the old parts for you. Good garages do not mind.', to: 2 },
      { text: 'Solid flywheel conversions can make the van shake at idle. Mixed reviews.' },
      { text: 'Budget for this as a running cost, not a surprise. It will happen again.' },
    ],
  },
  {
    category: 'vans-vehicles',
    writers: VAN_OWNERS,
    titles: ['Best van racking for parcels?', 'Shelving in my {van}: worth it for multi-drop?'],
    body: `My {van} is basically one big pile by lunchtime. Thinking of putting shelving in so I can keep drops in order.

Does racking actually help with parcel work, or do the big items make it pointless? Any recommendations on fitting it myself?`,
    replies: [
      { text: 'Low shelves down one side only. Keeps the floor free for the bulky stuff.' },
      { text: 'Which side? I was thinking the nearside so I can reach in from the kerb.', to: 0, op: true },
      { text: 'Nearside, yes. You will thank yourself on every busy road.', to: 1, by: 0 },
      { text: 'Plastic crates numbered by street worked better for me than racking.' },
      { text: 'Check the weight; racking eats into your payload more than you would think.' },
    ],
  },

  // ── Clean air zones ──────────────────────────────────────────────────────────
  {
    category: 'news-industry',
    writers: VAN_OWNERS,
    titles: ['ULEZ and CAZ charges: how many of you are paying daily?', 'Clean air zone charge is eating my margin', 'Clean air zone charges in {city}: adding them to invoices?'],
    body: `My {van} isn't Euro 6, so every day in the zone costs me. That's well over £2,000 a year before I've earned a penny.

Options I'm weighing up:

- scrappage grant plus a newer van
- turn down jobs inside the zone
- add the charge to every job inside it

Is anyone charging clients the zone fee as a separate line? How did they take it?`,
    replies: [
      { text: 'Separate line on the invoice. Most clients accepted it without a word.' },
      { text: 'Did you tell them first, or just add it?', to: 0, op: true },
      { text: 'An email a month before, then added it. Nobody replied to the email.', to: 1, by: 0 },
      { text: 'Took the scrappage grant. Newer van, lower fuel bill, no daily charge. Wish I had done it sooner.' },
      { text: 'Check the exemptions and grace periods. Some small businesses got more time.' },
      { text: 'Unless you are in the zone most days, just price it in per job.' },
    ],
    controversial: true,
  },

  // ── Insurance ────────────────────────────────────────────────────────────────
  {
    category: 'insurance',
    writers: VAN_OWNERS,
    titles: ['Hire and reward insurance renewal jumped to {insurance}', 'Courier insurance quote of {insurance}: normal?'],
    body: `Renewal came in at **{insurance}** for hire and reward on my {van}, no claims, {years} years driving for a living. Last year was a lot less.

I've tried the usual comparison sites but half of them don't even do courier cover properly.

Who are people using, and is it better to go through a specialist broker? I also need to check my **goods in transit** limit, because I've been carrying higher-value stuff lately.`,
    replies: [
      { text: 'Specialist broker every time. The comparison sites do not understand courier work.' },
      { text: 'Mine went up by a third too. The whole market has gone up, sadly.' },
      { text: 'Check your GIT limit per parcel as well as per load. That catches people out.' },
      { text: 'Per parcel is £1,000 on mine. Some of the laptops I carry are more than that.', to: 2, op: true },
      { text: 'Then tell the broker. It is cheap to raise compared with one claim refused.', to: 3, by: 2 },
      { text: 'Telematics box knocked a good chunk off mine. Worth asking.' },
      { text: 'Ring them and ask for the breakdown. Sometimes the jump is a postcode change you can explain.' },
    ],
  },
  {
    category: 'insurance',
    networks: ['Amazon Flex'],
    writers: NEW_TO_IT,
    titles: ['Does social, domestic and pleasure cover Amazon Flex?', 'New to deliveries: which car insurance do I need?', 'Starting Amazon Flex in {city}: what insurance do I actually need?'],
    body: `Just starting Amazon Flex in my own car. My normal policy is social, domestic and pleasure, and I've been told Amazon provides insurance during blocks.

Is that right? What about driving to the station or between blocks? I don't want to find out the hard way after a bump.`,
    replies: [
      { text: 'SDP alone does *not* cover deliveries. Check exactly when the provided cover starts and stops.' },
      { text: 'Tell your own insurer what you do. Not telling them can void the whole policy.' },
      { text: 'Will they not just put my premium up?', to: 1, op: true },
      { text: 'Maybe a bit. A voided policy after a crash costs a lot more.', to: 2, by: 1 },
      { text: 'The gap between blocks is the grey area. Get it in writing.' },
    ],
  },
  {
    category: 'insurance',
    writers: OWNER_DRIVERS,
    titles: ['Public liability: do I really need it as a courier?', 'Client asking for £5m public liability. Normal?', 'Client in {city} wants £5m public liability cover: normal?'],
    body: `A new client wants proof of **public liability** cover before I can start. I've never had it, just hire and reward and goods in transit.

What does it actually cover for a courier, and roughly what does it cost? Is £5m a normal level to ask for?`,
    replies: [
      { text: 'Standard for business clients. It covers you if you damage their property or injure someone on their site.' },
      { text: 'It is not expensive compared with the van cover. Usually a bundle with GIT.' },
      { text: 'Got a quote bundled with my GIT this morning: about £9 a month extra. Much less than I feared.', to: 1, op: true },
      { text: '£5m is common for warehouses and retail parks. Some ask for £10m.' },
    ],
  },
  {
    category: 'insurance',
    writers: VAN_OWNERS,
    titles: ['Goods in transit claim refused: parcels stolen from a locked van', 'GIT claim turned down over the van being "unattended"', 'Goods in transit claim refused after a break-in in {city}'],
    body: `Van was broken into while I was at a drop, locked, for about three minutes. Several parcels taken. My goods in transit insurer has refused the claim because of an "unattended vehicle" exclusion with conditions I never read properly.

Lesson learned, but is there anything I can do now? And what should I look for in the small print next time?`,
    replies: [
      { text: 'Sorry this happened. It is the clause nobody reads until it bites.' },
      { text: 'Look for the exact wording on locks and alarms. Some policies want deadlocks or an approved alarm.' },
      { text: 'It says "all security devices engaged". I have central locking and nothing else.', to: 1, op: true },
      { text: 'Then they will argue you met it, or that you needed more. Ask them to say which device was missing.', to: 2, by: 1 },
      { text: 'Complain to the insurer formally, then the Financial Ombudsman if they do not move.' },
      { text: 'Slam locks paid for themselves in my first year.' },
    ],
  },

  // ── Tax & HMRC ───────────────────────────────────────────────────────────────
  {
    category: 'tax-hmrc',
    writers: VAN_OWNERS,
    titles: ['Self assessment: mileage allowance or actual van costs?', 'Simplified mileage vs actual costs for a courier van', 'Mileage allowance or actual costs on my {van}?'],
    body: `Doing my self assessment early this year. I did about **{businessMiles} business miles** in my {van}.

Should I claim the simplified mileage rate or actual costs (fuel, repairs, insurance, lease)? I know you can't switch once you've picked a method for a vehicle, so I want to get it right.

Anyone worked out which came out better for a high-mileage van?`,
    replies: [
      { text: 'High mileage with a cheap van: run both and compare. Actual costs often win on a leased van.' },
      { text: 'Mine is leased. Will add it all up this weekend and compare.', to: 0, op: true },
      { text: 'Keep every receipt either way. HMRC loves a mileage log with dates and postcodes.' },
      { text: 'Paid a bookkeeper £250 and she saved me more than that. Worth it in year one.' },
      { text: 'Do you mind saying roughly how much she saved you?', to: 3, op: true },
      { text: 'About £900 in things I had not claimed: phone, the sack truck, half my broadband.', to: 4, by: 3 },
      { text: 'Do not forget phone, hi-vis, sack truck and part of your home office if you do the admin there.' },
    ],
  },
  {
    category: 'tax-hmrc',
    networks: SELF_EMPLOYED,
    writers: SELF_EMPLOYED_PEOPLE,
    titles: ['Payments on account shock: first year self-employed', 'Why is HMRC asking for 150% in January?', 'First self assessment after a year with {network}: payments on account?'],
    body: `First year self-employed as a courier and my tax bill in January is way more than I expected. Turns out it includes a **payment on account** for this year as well.

Nobody mentioned this when I signed up. What's the best way to plan for it? I'm now putting money aside every week, but how much?`,
    replies: [
      { text: 'It catches everyone in year one. 25 to 30% of profit into a separate pot every week.' },
      { text: 'You can ask to reduce payments on account if you expect to earn less this year.' },
      { text: 'I do expect less, the round got cut in the summer. Is it just a form?', to: 1, op: true },
      { text: 'Yes, in your online account. Do not go too low or they charge interest on the difference.', to: 2, by: 1 },
      { text: 'Open a savings account you cannot see in your banking app. Out of sight, out of mind.' },
      { text: 'Check whether you are due a refund from any PAYE work before that. It all nets off.' },
    ],
  },
  {
    category: 'tax-hmrc',
    networks: ['DPD', 'Yodel', 'Evri'],
    writers: PARCEL_COURIERS,
    titles: ['Am I really self-employed? Employment status with {network}', 'Employment status question: set route, set hours, their uniform'],
    body: `{network} tells me I'm self-employed, but they set my route, my start time and what I wear, and I can't send a substitute.

Has anyone used HMRC's employment status tool or taken this further? I'm not looking for a fight, I just want to understand where I stand on holiday pay.`,
    replies: [
      { text: 'The status tool is a start, but tribunals look at the whole picture, including substitution.' },
      { text: 'Right of substitution is usually the key clause. Read your contract carefully.' },
      { text: 'Mine says I can send a substitute "approved by the depot". They have never approved anyone.', to: 1, op: true },
      { text: 'That is exactly the kind of thing that matters. Keep a note of every time they said no.', to: 2, by: 1 },
      { text: 'Talk to a union. Some cover self-employed couriers now.' },
    ],
    controversial: true,
  },
  {
    category: 'tax-hmrc',
    writers: OWNER_DRIVERS,
    titles: ['VAT registration: getting close to the threshold', 'Should an owner driver register for VAT early?', 'Owner driver in {city} nearing the VAT threshold: register now?'],
    body: `My turnover is creeping up towards the VAT threshold. Most of my clients are VAT registered, so they can reclaim it, but a couple of small ones aren't.

Anyone registered voluntarily? Did you use the flat rate scheme, and was the extra admin worth it?`,
    replies: [
      { text: 'If your clients are VAT registered it is mostly neutral for them, and you reclaim VAT on the van and fuel.' },
      { text: 'Flat rate is worse for most couriers because the limited cost trader rule often bites.' },
      { text: 'Never heard of that rule. Is it because fuel does not count as goods?', to: 1, op: true },
      { text: 'Pretty much. Fuel and vans are left out of the goods test, so most couriers land on the high rate.', to: 2, by: 1 },
      { text: 'Get an accountant to model it. It depends a lot on your cost mix.' },
    ],
  },

  // ── Safety & Security ────────────────────────────────────────────────────────
  {
    category: 'safety-security',
    writers: PARCEL_COURIERS,
    titles: ['Bitten by a dog at a drop in {city}: what now?', 'Dogs at doors: how do you handle them?'],
    body: `Got nipped on the hand today. Owner opened the door and the dog shot straight out. Not serious, but it shook me.

What do people do:

- Refuse to deliver when there's a dog loose?
- Report it to the network?
- Carry anything (dog treats, a parcel as a shield)?

Royal Mail posties seem to have a proper process. As self-employed, I'm on my own.`,
    replies: [
      { text: 'Get the bite looked at. Dog bites go bad quickly.' },
      { text: 'Went to the walk-in centre. Antibiotics, and a tetanus jab to be safe.', to: 0, op: true },
      { text: 'Report it every time, even small ones. If it happens again there is a record.' },
      { text: 'Always hold a parcel between you and the door. Old trick, works.' },
      { text: 'Mark the address in your notes and leave it in a safe place or with a neighbour next time.' },
      { text: 'You can report a dangerous dog to the police. That is what it is there for.' },
    ],
  },
  {
    category: 'safety-security',
    writers: VAN_OWNERS,
    titles: ['Van broken into overnight in {city}: tools and parcels gone', 'Slam locks, deadlocks or alarms: what actually works?'],
    body: `Woke up to the side door of my {van} peeled open. Parcels for the morning and my sack truck gone.

Police gave me a crime number and that's about it. I'm looking at slam locks and an alarm now.

What has actually stopped thieves for you? And how do you deal with the network over the lost parcels?`,
    replies: [
      { text: 'Slam locks plus a visible sticker. They move on to the next van.' },
      { text: 'Did you fit them yourself or get someone in?', to: 0, op: true },
      { text: 'Auto locksmith. About £300 for both sides and the back, fitted in a morning.', to: 1, by: 0 },
      { text: 'Tell the depot first thing with the crime number. They usually treat it differently from a loss.' },
      { text: 'Dashcam with parking mode caught mine. Did not get the stuff back but got the insurance paid.' },
      { text: 'Never leave parcels in overnight if you can help it. I know that is not always possible.' },
    ],
  },
  {
    category: 'safety-security',
    writers: PARCEL_COURIERS,
    titles: ['Late drops in the dark: staying safe on estates', 'Winter evenings on multi-drop: safety tips?', 'Dark evenings on estates in {city}: how do you stay safe?'],
    body: `Now it's dark by half four, my last two hours are all in the dark, on estates with no lighting and no house numbers.

I've had a couple of close calls with people hanging around the van. What do you all do to stay safe? Head torch? Someone to check in with?`,
    replies: [
      { text: 'Head torch and a hi-vis vest. Being seen is half of it.' },
      { text: 'Share your live location with someone at home until you finish.' },
      { text: 'My partner already asks where I am every night, this would save a few texts.', to: 1, op: true },
      { text: 'Lock the van every single time, even for 30 seconds.' },
      { text: 'If a drop feels wrong, leave it. No parcel is worth it.' },
      { text: 'This. Bring it back and write "felt unsafe" on the exception. Nobody has ever argued with me about it.', to: 4 },
    ],
  },
  {
    category: 'safety-security',
    writers: PARCEL_COURIERS,
    titles: ['Customer got aggressive over a late parcel', 'How do you handle abusive customers on the doorstep?', 'Customer in {city} got aggressive over a late {network} parcel'],
    body: `Customer kicked off at me today because their parcel was a day late. Shouting, stood in my way back to the van. Nothing physical but I didn't like it.

I just apologised and left. Should I report these? Does the network care?`,
    replies: [
      { text: 'You did the right thing walking away. Always keep a route back to the van.' },
      { text: 'Report it. If they do it to you, they will do it to the next driver.' },
      { text: 'Reported it this morning. Depot says the address is flagged now, so we will see.', to: 1, op: true },
      { text: 'Dashcams with audio are worth it for exactly this.' },
    ],
  },

  // ── Newcomers ────────────────────────────────────────────────────────────────
  {
    category: 'newcomers',
    writers: ['fi_grant', 'aisha_ema', 'stefan_lhr'],
    titles: ['Thinking of becoming a courier in {city}: where do I start?', 'Complete beginner: car or van for courier work?'],
    body: `Hi all. I've been stacking shelves for years and fancy something where I'm out and about. I've got a clean licence and a small car.

Where would you start in {city}: Amazon Flex, Evri, or a van with one of the bigger networks? I don't want to sink thousands into a van and find out it's not for me.`,
    replies: [
      { text: 'Welcome! Read the insurance threads before you do anything else.' },
      { text: 'Start with your car on Flex or Evri for a few months. You will learn quickly whether you like it.' },
      { text: 'Which of the two would you pick if you could only do one?', to: 1, op: true },
      { text: 'Evri if you want the same round every day, Flex if you want to pick your hours.', to: 2, by: 1 },
      { text: 'Do not lease a van until you have a contract in writing.' },
      { text: 'Track every mile from day one. You will thank yourself in January.' },
      { text: 'The first month is the hardest. Stick with it for a bit before deciding.' },
    ],
  },
  {
    category: 'newcomers',
    writers: ['fi_grant', 'aisha_ema', 'connor_new'],
    titles: ['Hello from {city}: {years} years in warehouses, now driving', 'New member: just started with {network} in {city}'],
    body: `Hello everyone! I've spent {years} years on the warehouse side, most recently as a shift lead, and I've just started driving for {network} out of {city}.

Great to find a forum that's actually for us. Looking forward to learning from you all, and happy to help anyone with the warehouse side of things.`,
    replies: [
      { text: 'Welcome aboard! Warehouse experience will help more than you think.' },
      { text: 'Welcome! Loading your own van in drop order will come naturally to you.' },
      { text: 'Ha, that is the one bit I am already good at. The driving and parking is the new part.', to: 1, op: true },
      { text: 'Good to have you. Shout if you get stuck with anything.' },
      { text: 'Welcome from another {city} driver!', writers: PARCEL_COURIERS },
    ],
  },
  {
    category: 'newcomers',
    networks: VAN_NETWORKS,
    writers: ['connor_new', 'beth_lloyd', 'imran_q', 'chloe_rural', 'jamal_flex'],
    titles: ['What do you keep in the van? Essentials list for new drivers', 'New driver kit list: what did I miss?', 'Kit list for a new {network} driver: what did I miss?'],
    body: `Made myself a list of things to keep in the van. What have I missed?

- phone mount and a **spare charging cable**
- power bank
- sack truck
- head torch
- hi-vis
- water and snacks
- a pen that actually works
- gloves and a coat that's properly waterproof`,
    replies: [
      { text: 'A roll of tape and a marker pen for when labels peel off.' },
      { text: 'Hand sanitiser. You touch a lot of doors.' },
      { text: 'A spare pair of socks. Trust me.' },
      { text: 'Ha, I found that out on Tuesday. Added.', to: 2, op: true },
      { text: 'Cable ties and bin bags. You will find a use.' },
    ],
  },

  // ── Jobs & Work Wanted ───────────────────────────────────────────────────────
  {
    category: 'jobs-work-wanted',
    networks: VAN_NETWORKS,
    writers: ['ade_supervisor', 'karen_depot', 'tomek_dpd', 'gaz_transit'],
    titles: ['Route available: multi-drop in {city}, {network}, start next month', 'Looking for a self-employed driver, {city} area'],
    body: `Looking for a reliable self-employed driver for a multi-drop route out of {city}, working for {network}.

- Monday to Friday, Saturdays optional
- own van or van hire available
- day rate {dayRate}, paid weekly

Must have hire and reward insurance and at least six months of multi-drop experience. Message me through the forum with a bit about yourself.`,
    replies: [
      { text: 'Is fuel included in that day rate?' },
      { text: 'No, fuel is yours. Most days are about {miles} miles.', to: 0, op: true },
      { text: 'How many drops on average?' },
      { text: 'Around {drops}, a bit more on Mondays.', to: 2, op: true },
      { text: 'Is the van hire deducted from the day rate? How much a week?' },
      { text: 'Messaged you. Six years on multi-drop, local to the area.', writers: MULTI_DROP },
    ],
  },
  {
    category: 'jobs-work-wanted',
    writers: OWNER_DRIVERS,
    titles: ['Owner driver with {aVan} looking for regular work around {city}', 'Work wanted: {van} available weekdays, {city} and surrounding areas'],
    body: `Experienced owner driver, {years} years, {van} with full hire and reward, goods in transit and public liability.

Available weekdays around {city}, happy to do same-day, regular contract work or cover for holidays. References available. Drop me a message.`,
    replies: [
      { text: 'Good luck! Add your rough rates, it saves everyone time.' },
      { text: 'Fair point. Day rate or per mile, depending on the job. Will put figures in the next post.', to: 0, op: true },
      { text: 'Try the local builders merchants. They are always short of drivers.' },
      { text: 'Might have some Friday work for you, will message.' },
    ],
  },

  // ── Routes, Apps & Tech ──────────────────────────────────────────────────────
  {
    category: 'routes-apps-tech',
    writers: [...PARCEL_COURIERS, 'hannah_routes'],
    titles: ['Which route planner do you use for multi-drop?', 'Route optimisation apps: are any worth paying for?', 'Route planner for {drops} drops a day: which one?'],
    body: `The network app's route order is, to put it kindly, creative. I'm thinking about paying for a route planner app, but I'm not sure it's worth it for {drops} stops a day.

Which ones do you use? Do any let you import the addresses without typing them all in?`,
    replies: [
      { text: 'Paid for one for a month and it saved me about 40 minutes a day. Kept it.' },
      { text: 'Photo import of the manifest works well on most of them now.' },
      { text: 'Does it cope with the handwritten bits, or only the printed labels?', to: 1, op: true },
      { text: 'Printed only. Handwritten ones you still type in.', to: 2, by: 1 },
      { text: 'Make sure it can handle time windows, otherwise it is useless for business drops.' },
      { text: 'Local knowledge still beats every app on estates.' },
    ],
  },
  {
    category: 'routes-apps-tech',
    writers: VAN_OWNERS,
    titles: ['Dashcam recommendations for my {van}?', 'Front and rear dashcam for a courier van: which one?'],
    body: `After a couple of near misses and one "you reversed into my car" claim that wasn't me, I want a front and rear dashcam for my {van}.

Parking mode would be good for break-ins. What are people running, and did you hardwire it yourself?`,
    replies: [
      { text: 'Hardwire kit with parking mode. Get an auto-electrician to fit it if you are not confident.' },
      { text: 'How much did the fitting cost?', to: 0, op: true },
      { text: 'About £80 round here, an hour of his time.', to: 1, by: 0 },
      { text: 'Rear camera mounted inside the back doors, not on the window. Much more useful.' },
      { text: 'Some insurers give a discount. Worth asking.' },
    ],
  },

  // ── Freight, HGV & Pallets ───────────────────────────────────────────────────
  {
    category: 'freight-hgv-pallets',
    writers: VAN_OWNERS,
    titles: ['Stepping up from vans to a Class 2 licence: worth it?', 'Thinking about my HGV licence after {years} years in vans'],
    body: `After {years} years in vans I'm thinking of doing my Class 2. The pay looks better and there seem to be plenty of jobs.

For those who've made the jump: how much did the training cost all in, and how long until you found work without experience on the licence?`,
    replies: [
      { text: 'Found work within a month. Agencies will take you on with a fresh licence.', writers: HGV },
      { text: 'Do your Driver CPC modules straight away so you are ready to go.' },
      { text: 'Can you do those before the test, or only after?', to: 1, op: true },
      { text: 'The initial ones go with the licence. After that it is 35 hours every five years.', to: 2, by: 1 },
      { text: 'Pallet network work is a good first step. Regular runs, good experience.' },
      { text: 'The money is better, but so are the hours. Look at the whole week, not the hourly rate.' },
    ],
  },
  {
    category: 'freight-hgv-pallets',
    writers: HGV,
    titles: ['Tacho rules when mixing van and HGV work in a week', 'Do van days count towards HGV driving hours?', 'Agency HGV work plus van days in {city}: how do the hours count?'],
    body: `Some weeks I do two days in a 7.5 tonner and three in a van. I'm not sure how the van days count for tachograph and working time rules.

Does anyone have a simple explanation? My agency gives a different answer every time I ask.`,
    replies: [
      { text: 'Other work has to be recorded on the tacho as other work. Your agency should know this.', writers: HGV },
      { text: 'So I enter the van days manually on the card?', to: 0, op: true },
      { text: 'Yes, as other work, before you start driving the lorry. It takes a minute once you know.', to: 1, by: 0 },
      { text: 'Working time counts across all jobs, not just the HGV ones.' },
      { text: 'Get the DVSA guidance in writing and keep it in the cab. Saves arguments.' },
    ],
  },

  // ── News & Industry ──────────────────────────────────────────────────────────
  {
    category: 'news-industry',
    networks: ['DPD', 'Yodel', 'Evri', 'Parcelforce', 'DHL', 'UPS'],
    writers: [...PARCEL_COURIERS, 'ade_supervisor'],
    titles: ['{network} announces depot changes around {city}', 'Rumours of {network} restructuring in {city}: anyone heard anything?'],
    body: `Word at our depot is that {network} is moving some routes from {city} to a new hub, which could mean longer drives to the first drop.

Nothing official yet. Has anyone had a letter or an email? How did it go when they did this elsewhere?`,
    replies: [
      { text: 'Same rumours here. Nothing in writing though.' },
      { text: 'When it happened at ours, the first drop moved 25 minutes further away and the rate stayed the same.' },
      { text: 'Did anyone get the rate changed in the end?', to: 1, op: true },
      { text: 'A few who pushed as a group got a small fuel top-up. The ones who moaned on their own got nothing.', to: 2, by: 1 },
      { text: 'Ask for the new route plan before you agree to anything.' },
      { text: 'Letter came today. Moving in March, and they say the rates are "under review".', op: true, later: true },
    ],
  },
  {
    category: 'news-industry',
    titles: ['Which network treats drivers best at the moment?', 'Best and worst networks to drive for, honestly', 'If you were starting again in {city}, which network would you pick?'],
    body: `Asking for a friend (me): if you were starting again today, which network would you pick and why?

Please be specific: pay, how fairly deductions are handled, how much support you get at the depot.`,
    replies: [
      { text: 'Depends entirely on the depot manager. Same network, completely different job.' },
      { text: 'The one that pays on time, every time. Sounds basic, but it is rarer than it should be.' },
      { text: 'I would go for a smaller local firm over any of the big networks.' },
      { text: 'Smaller firms go bust and take a month of your invoices with them. Been there.', to: 2 },
      { text: 'And the big ones just take it off you in deductions instead. Pick your poison.', to: 3, by: 2 },
      { text: 'If you think deductions are as bad as not being paid at all, you have never had a firm go under on you.', to: 4, by: 3 },
      { text: 'Come on, both of you. The question was which network, not who can shout loudest.', to: 5 },
      { text: 'Thanks, the depot manager point is what I keep hearing. Going to ask around before I sign anything.', to: 0, op: true },
    ],
    controversial: true,
  },

  // ── Off Topic ────────────────────────────────────────────────────────────────
  {
    category: 'off-topic',
    writers: [...VAN_OWNERS, ...CAR_COURIERS, 'big_marc_hgv'],
    titles: ['Best lunch stops around {city}?', 'Where do you eat on a long round near {city}?'],
    body: `Sick of petrol station meal deals. Where do you stop for lunch round {city}? Bonus points for somewhere you can park {aVan} without getting a ticket.`,
    replies: [
      { text: 'Any cafe on an industrial estate. Cheap, massive portions, parking for days.' },
      { text: 'There is a great burger van on the ring road. Ask the local drivers, they all know it.' },
      { text: 'Which side of the ring road? I must drive past it every day.', to: 1, op: true },
      { text: 'By the big roundabout with the garden centre, in the lay-by. Only weekdays.', to: 2, by: 1 },
      { text: 'Greggs and a sit in the van. Living the dream.' },
      { text: 'I make sandwiches now. Saves me about £40 a week.' },
    ],
  },
  {
    category: 'off-topic',
    writers: [...VAN_OWNERS, ...HGV],
    titles: ['Podcasts and audiobooks for long days in the van', 'What are you listening to on the round?', '{hours} hours a day in the van: what are you listening to?'],
    body: `{hours} hours a day in the van, and I've run out of things to listen to. Give me your best podcasts, audiobooks or radio shows.

Currently on a history podcast binge. Open to anything.`,
    replies: [
      { text: 'Football phone-ins keep me going. Shouting at the radio is cardio.' },
      { text: 'Audiobooks from the library app: free and endless.' },
      { text: 'Did not know the library did that. Signed up last night, already two books in.', to: 1, op: true },
      { text: 'True crime, which is maybe not ideal on dark estates.' },
      { text: 'Learning Spanish in the van. Progress is slow but it beats another playlist.' },
    ],
  },
  {
    category: 'off-topic',
    writers: [...PARCEL_COURIERS, 'shiv_delivers', 'meg_medical'],
    titles: ['Funniest thing that happened on a drop this week', 'Weirdest safe place request you have had', 'Strangest delivery instructions you have had on {network}'],
    body: `Customer note today: "leave with the goat if no one in". There was, in fact, a goat.

Let's hear yours. Best delivery instructions or strangest things that happened on the doorstep.`,
    replies: [
      { text: '"Put it in the oven." It was a box of frozen food. I did not.' },
      { text: 'Had a parrot that said "just leave it" every time I knocked.' },
      { text: 'Did you leave it?', to: 1 },
      { text: 'Of course. You do not argue with the parrot.', to: 2, by: 1 },
      { text: '"Behind the gnome." There were forty gnomes.' },
      { text: 'Customer came out in a full Santa outfit in July. No explanation given.' },
      { text: 'Never mind the instructions, did the goat sign for it?' },
    ],
  },
];

/** The pinned welcome post's thread. */
export const WELCOME_REPLIES: readonly DemoReply[] = [
  { text: 'Great to have a place like this. Hello from {city}!' },
  { text: 'Thanks for setting this up. Been lurking on Facebook groups for years and they are chaos.' },
  { text: 'Hello all, owner driver here, looking forward to it.', writers: OWNER_DRIVERS },
  { text: 'Nice one. Is there a way to get notified when someone replies to my post?' },
  { text: 'Yes: you are told about replies to your posts by default. Follow a thread or a category for more, and choose email or push in Settings.', to: 3, op: true },
  { text: 'Found it, thanks. Push works on my phone too.', to: 4, by: 3 },
  { text: 'Hi everyone, new to multi-drop and already learning loads.', writers: ['chloe_rural', 'liam_yodel'] },
  { text: 'Brilliant. The insurance threads alone have saved me money.' },
  { text: 'Any chance of a category for e-cargo bikes? There are more of us every month.', writers: ['sarah_ebike'] },
  { text: 'Fair ask. Post in Food Delivery or Vans & Vehicles for now, and if enough of you do, we will add one.', to: 8, op: true },
  { text: 'Good to see the rules about selling. The groups I was in were half adverts.' },
  { text: 'Hello from a night trunker. Quiet at 3am, so expect long posts.', writers: ['yusuf_nights'] },
];

/** The pinned Jobs rules post's thread. */
export const JOB_RULES_REPLIES: readonly DemoReply[] = [
  { text: 'Good rules. Fed up of "great money" adverts with no rate.' },
  { text: 'Can we add "say if it is self-employed or PAYE" too?' },
  { text: 'Good idea. Added to the first point: say how you will be engaged as well as how it pays.', to: 1, op: true },
  { text: 'Thanks, this will help a lot.' },
  { text: 'What about posts asking for a van to hire? Here or in Vans & Vehicles?' },
  { text: 'Vans & Vehicles, please. This one is for work offered and wanted.', to: 4, op: true },
];
